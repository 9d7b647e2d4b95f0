-- Two typos in one word (issue 12): the typo step looks for known words with the same first letter, a length
-- within two and a Levenshtein distance of at most 3 (fuzzystrmatch), over a b-tree on (first letter, length).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_first_letter_length_idx" ON "search_words" USING btree (left("word", 1),length("word"));
