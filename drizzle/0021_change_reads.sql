CREATE TABLE "change_reads" (
	"account_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_reads_account_id_change_id_pk" PRIMARY KEY("account_id","change_id")
);
--> statement-breakpoint
ALTER TABLE "change_reads" ADD CONSTRAINT "change_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_reads" ADD CONSTRAINT "change_reads_change_id_organisation_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."organisation_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_reads_change_idx" ON "change_reads" USING btree ("change_id");