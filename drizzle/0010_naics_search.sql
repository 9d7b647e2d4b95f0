-- NAICS search that understands words (issue 21 section 4): the official index entries (each phrase under an English
-- full-text index), each code's description, and a search document (title A, index entries B, description C).
CREATE TABLE "naics_index_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"naics_code" varchar(6) NOT NULL,
	"phrase" text NOT NULL,
	CONSTRAINT "naics_index_entries_code_phrase_unique" UNIQUE("naics_code","phrase")
);
--> statement-breakpoint
ALTER TABLE "naics" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "naics" ADD COLUMN "search_document" "tsvector";--> statement-breakpoint
ALTER TABLE "naics_index_entries" ADD CONSTRAINT "naics_index_entries_naics_code_naics_code_fk" FOREIGN KEY ("naics_code") REFERENCES "public"."naics"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "naics_index_entries_phrase_idx" ON "naics_index_entries" USING gin (to_tsvector('english', "phrase"));--> statement-breakpoint
CREATE INDEX "naics_search_document_idx" ON "naics" USING gin ("search_document");