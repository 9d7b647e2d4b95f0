-- The typo-correction vocabulary scoped like the organisations it comes from (issue 10, vocabulary side
-- channel): account_id null for words of global organisations, else the owning account. Rebuilt from the
-- names and aliases, because words of private organisations were global until now.
ALTER TABLE "search_words" DROP CONSTRAINT "search_words_pkey";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
TRUNCATE "search_words";--> statement-breakpoint
INSERT INTO "search_words" ("word", "account_id")
SELECT DISTINCT w.word, oo.account_id
FROM (
  SELECT o.id, o.search_name AS value FROM organisations o
  UNION ALL
  SELECT a.organisation_id, a.search_value FROM organisation_aliases a
) src
CROSS JOIN LATERAL string_to_table(src.value, ' ') AS w(word)
LEFT JOIN organisation_owners oo ON oo.organisation_id = src.id
WHERE w.word <> '';--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_word_account_unique" UNIQUE NULLS NOT DISTINCT("word","account_id");
