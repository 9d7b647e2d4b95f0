-- Issue 20, section 7 (speed): the whole words of every name and other name, a GIN index the quick lookup's exact
-- step reads first for a query's every word (queries/quick-search/every-word-branches.ts, nameWords; decision 0031).
CREATE INDEX "organisation_aliases_search_words_idx" ON "organisation_aliases" USING gin (array_to_tsvector(array_remove(string_to_array("search_value", ' '), '')));--> statement-breakpoint
CREATE INDEX "organisations_search_words_idx" ON "organisations" USING gin (array_to_tsvector(array_remove(string_to_array("search_name", ' '), '')));