CREATE TABLE "organisation_field_sources" (
	"organisation_id" uuid NOT NULL,
	"field" text NOT NULL,
	"source" text NOT NULL,
	"retrieved_at" timestamp with time zone NOT NULL,
	"evidence_url" text,
	CONSTRAINT "organisation_field_sources_organisation_id_field_pk" PRIMARY KEY("organisation_id","field")
);
--> statement-breakpoint
CREATE TABLE "organisation_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"account_id" uuid,
	"verdict" text NOT NULL,
	"redirected_to" uuid,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "profile_failure_reason" text;--> statement-breakpoint
ALTER TABLE "organisation_field_sources" ADD CONSTRAINT "organisation_field_sources_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD CONSTRAINT "organisation_verifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_verifications" ADD CONSTRAINT "organisation_verifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_verifications_organisation_idx" ON "organisation_verifications" USING btree ("organisation_id","created_at");