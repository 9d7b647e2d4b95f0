-- Batch matching of a supplier list (issue 13): batches, their rows (input, decision, candidates) and the
-- reviewers' decisions, all account-scoped through the batch. processed_rows is the resume cursor.
CREATE TABLE "match_batch_decisions" (
	"batch_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"action" text NOT NULL,
	"organisation_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_batch_decisions_batch_id_row_index_pk" PRIMARY KEY("batch_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "match_batch_rows" (
	"batch_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"input" jsonb NOT NULL,
	"decision" text,
	"result" jsonb,
	CONSTRAINT "match_batch_rows_batch_id_row_index_pk" PRIMARY KEY("batch_id","row_index")
);
--> statement-breakpoint
CREATE TABLE "match_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"columns" jsonb NOT NULL,
	"assessor" text NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"matched_rows" integer DEFAULT 0 NOT NULL,
	"review_rows" integer DEFAULT 0 NOT NULL,
	"no_match_rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "match_batch_decisions" ADD CONSTRAINT "match_batch_decisions_batch_id_match_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."match_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_batch_decisions" ADD CONSTRAINT "match_batch_decisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_batch_decisions" ADD CONSTRAINT "match_batch_decisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_batch_rows" ADD CONSTRAINT "match_batch_rows_batch_id_match_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."match_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_batches" ADD CONSTRAINT "match_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_batch_rows_decision_idx" ON "match_batch_rows" USING btree ("batch_id","decision","row_index");--> statement-breakpoint
CREATE INDEX "match_batches_account_idx" ON "match_batches" USING btree ("account_id","created_at");