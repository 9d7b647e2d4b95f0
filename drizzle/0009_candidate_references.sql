-- Candidate references (issue 19, section 1; decision 0017): each candidate the search stream hands out, as the
-- server obtained it, under an opaque random id bound to the searching account, for an hour. Selection reads the
-- facts it writes from here, never from the request.
CREATE TABLE "candidate_references" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"candidate" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_references" ADD CONSTRAINT "candidate_references_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_references_expires_idx" ON "candidate_references" USING btree ("expires_at");