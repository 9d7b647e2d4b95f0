CREATE TABLE "monitored_reads" (
	"organisation_id" uuid NOT NULL,
	"identifier_type" text NOT NULL,
	"identifier_value" text NOT NULL,
	"source" text NOT NULL,
	"observation" jsonb,
	"checked_at" timestamp with time zone,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure" text,
	CONSTRAINT "monitored_reads_organisation_id_identifier_type_identifier_value_pk" PRIMARY KEY("organisation_id","identifier_type","identifier_value")
);
--> statement-breakpoint
CREATE TABLE "organisation_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"field" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"source" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_changes_kind_check" CHECK ("organisation_changes"."kind" in ('status', 'legal_name', 'business_names', 'lei_registration_status', 'parent'))
);
--> statement-breakpoint
ALTER TABLE "monitored_reads" ADD CONSTRAINT "monitored_reads_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_changes" ADD CONSTRAINT "organisation_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitored_reads_due_idx" ON "monitored_reads" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "organisation_changes_observed_idx" ON "organisation_changes" USING btree ("observed_at","id");--> statement-breakpoint
CREATE INDEX "organisation_changes_organisation_idx" ON "organisation_changes" USING btree ("organisation_id","observed_at");