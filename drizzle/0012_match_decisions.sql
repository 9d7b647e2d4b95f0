-- Decisions remembered (issue 20, section 6): an account's judgement that a query (its search form and country)
-- names an organisation ("same") or does not ("different"). One per (account, query key, country, organisation);
-- a later decision replaces the earlier one. country_iso_alpha3 is '' for a query made without a country.
CREATE TABLE "match_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"query" text NOT NULL,
	"query_key" text NOT NULL,
	"country_iso_alpha3" text DEFAULT '' NOT NULL,
	"organisation_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"source" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_decisions_verdict_check" CHECK ("match_decisions"."verdict" in ('same', 'different')),
	CONSTRAINT "match_decisions_source_check" CHECK ("match_decisions"."source" in ('confirm_header', 'batch_review', 'api'))
);
--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_decisions_judgement_idx" ON "match_decisions" USING btree ("account_id","query_key","country_iso_alpha3","organisation_id");--> statement-breakpoint
CREATE INDEX "match_decisions_account_idx" ON "match_decisions" USING btree ("account_id","decided_at");