-- Issue 20, section 7 (speed): the vocabulary's words in byte order, so the quick lookup's every-word branches list the
-- words a query word begins (a range of this index) and read them whole (queries/quick-search/every-word-branches.ts;
-- decision 0032).
CREATE INDEX "search_words_word_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);