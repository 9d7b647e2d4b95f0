-- Issue 20, section 1: former names as their own kind of other name (organisation_aliases.kind), and the
-- words of every organisation's names (organisation_name_words), the postings of the quick lookup's
-- word-overlap stage (decision 0017). Filled from the stored search names and alias search values.
CREATE TABLE "organisation_name_words" (
	"word" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"account_id" uuid,
	CONSTRAINT "organisation_name_words_word_organisation_id_pk" PRIMARY KEY("word","organisation_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_aliases" ADD COLUMN "kind" text DEFAULT 'alias' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_name_words" ADD CONSTRAINT "organisation_name_words_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_name_words" ADD CONSTRAINT "organisation_name_words_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_name_words_word_account_idx" ON "organisation_name_words" USING btree ("word","account_id");--> statement-breakpoint
CREATE INDEX "organisation_name_words_organisation_idx" ON "organisation_name_words" USING btree ("organisation_id");--> statement-breakpoint
INSERT INTO "organisation_name_words" ("word", "organisation_id", "account_id")
SELECT DISTINCT ON (w.word, src.id) w.word, src.id, oo.account_id
FROM (
  SELECT o.id, o.search_name AS value FROM organisations o
  UNION ALL
  SELECT a.organisation_id, a.search_value FROM organisation_aliases a
) src
CROSS JOIN LATERAL string_to_table(src.value, ' ') AS w(word)
LEFT JOIN organisation_owners oo ON oo.organisation_id = src.id
WHERE w.word <> ''
ORDER BY w.word, src.id, oo.account_id;
