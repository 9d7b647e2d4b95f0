-- Batch matching, issue 13 (continued): a failed status with its reason, the optional registry pass (its options,
-- cursor and counts), the organisation each row settled on when applied, and a picked registry candidate's key.
ALTER TABLE "match_batch_decisions" ADD COLUMN "registry_key" text;--> statement-breakpoint
ALTER TABLE "match_batch_rows" ADD COLUMN "applied_organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "default_country" text;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_cap" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_cursor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_found_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_failed_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "registry_skipped_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_batch_rows" ADD CONSTRAINT "match_batch_rows_applied_organisation_id_organisations_id_fk" FOREIGN KEY ("applied_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;