ALTER TABLE "match_batches" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "applied_accepted" integer;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "applied_linked" integer;--> statement-breakpoint
ALTER TABLE "match_batches" ADD COLUMN "applied_created" integer;