CREATE TABLE "account_members" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_members_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "account_organisations" (
	"account_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_organisations_account_id_organisation_id_pk" PRIMARY KEY("account_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "aquila1" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aquila2" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aquila1_code" text
);
--> statement-breakpoint
CREATE TABLE "auth_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"active_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"flag_key" text NOT NULL,
	"scope" text NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_flag_key_scope_pk" PRIMARY KEY("flag_key","scope")
);
--> statement-breakpoint
CREATE TABLE "locks" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "naics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(6) NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "naics_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "naics_aquila1" (
	"naics_code" varchar(6) NOT NULL,
	"aquila1_code" text NOT NULL,
	"for" text NOT NULL,
	CONSTRAINT "naics_aquila1_naics_code_aquila1_code_for_pk" PRIMARY KEY("naics_code","aquila1_code","for")
);
--> statement-breakpoint
CREATE TABLE "organisation_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"value" text NOT NULL,
	"search_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_aquila1" (
	"organisation_id" uuid NOT NULL,
	"aquila1_code" text NOT NULL,
	"for" text NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "organisation_aquila1_organisation_id_aquila1_code_for_pk" PRIMARY KEY("organisation_id","aquila1_code","for")
);
--> statement-breakpoint
CREATE TABLE "organisation_aquila2" (
	"organisation_id" uuid NOT NULL,
	"aquila2_code" text NOT NULL,
	"for" text NOT NULL,
	"weight" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "organisation_aquila2_organisation_id_aquila2_code_for_pk" PRIMARY KEY("organisation_id","aquila2_code","for")
);
--> statement-breakpoint
CREATE TABLE "organisation_identifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"value_normalised" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_naics" (
	"organisation_id" uuid NOT NULL,
	"naics_code" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_naics_organisation_id_naics_code_pk" PRIMARY KEY("organisation_id","naics_code")
);
--> statement-breakpoint
CREATE TABLE "organisation_owners" (
	"organisation_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_owners_organisation_id_account_id_pk" PRIMARY KEY("organisation_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_relations" (
	"parent_id" uuid NOT NULL,
	"subsidiary_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_relations_parent_id_subsidiary_id_pk" PRIMARY KEY("parent_id","subsidiary_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"key" text,
	"description" text,
	"type" text,
	"country_iso_alpha3" varchar(3),
	"website" text,
	"website_domain" text,
	"profile_status" text,
	"profile_checked_at" timestamp with time zone,
	"profile_source" text,
	"redirected_to" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "transaction_aquila1" (
	"transaction_id" uuid NOT NULL,
	"aquila1_code" text NOT NULL,
	"for" text NOT NULL,
	"weight" double precision NOT NULL,
	CONSTRAINT "transaction_aquila1_transaction_id_for_aquila1_code_pk" PRIMARY KEY("transaction_id","for","aquila1_code")
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_members" ADD CONSTRAINT "account_members_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_organisations" ADD CONSTRAINT "account_organisations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_organisations" ADD CONSTRAINT "account_organisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aquila2" ADD CONSTRAINT "aquila2_aquila1_code_aquila1_code_fk" FOREIGN KEY ("aquila1_code") REFERENCES "public"."aquila1"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_credentials" ADD CONSTRAINT "auth_credentials_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_active_account_id_accounts_id_fk" FOREIGN KEY ("active_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "naics_aquila1" ADD CONSTRAINT "naics_aquila1_naics_code_naics_code_fk" FOREIGN KEY ("naics_code") REFERENCES "public"."naics"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "naics_aquila1" ADD CONSTRAINT "naics_aquila1_aquila1_code_aquila1_code_fk" FOREIGN KEY ("aquila1_code") REFERENCES "public"."aquila1"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_aliases" ADD CONSTRAINT "organisation_aliases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_aquila1" ADD CONSTRAINT "organisation_aquila1_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_aquila1" ADD CONSTRAINT "organisation_aquila1_aquila1_code_aquila1_code_fk" FOREIGN KEY ("aquila1_code") REFERENCES "public"."aquila1"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_aquila2" ADD CONSTRAINT "organisation_aquila2_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_aquila2" ADD CONSTRAINT "organisation_aquila2_aquila2_code_aquila2_code_fk" FOREIGN KEY ("aquila2_code") REFERENCES "public"."aquila2"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_identifiers" ADD CONSTRAINT "organisation_identifiers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_naics" ADD CONSTRAINT "organisation_naics_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_naics" ADD CONSTRAINT "organisation_naics_naics_code_naics_code_fk" FOREIGN KEY ("naics_code") REFERENCES "public"."naics"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_owners" ADD CONSTRAINT "organisation_owners_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_owners" ADD CONSTRAINT "organisation_owners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_products" ADD CONSTRAINT "organisation_products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_relations" ADD CONSTRAINT "organisation_relations_parent_id_organisations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_relations" ADD CONSTRAINT "organisation_relations_subsidiary_id_organisations_id_fk" FOREIGN KEY ("subsidiary_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_aquila1" ADD CONSTRAINT "transaction_aquila1_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_aquila1" ADD CONSTRAINT "transaction_aquila1_aquila1_code_aquila1_code_fk" FOREIGN KEY ("aquila1_code") REFERENCES "public"."aquila1"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_members_user_idx" ON "account_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_organisations_organisation_idx" ON "account_organisations" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "auth_credentials_user_idx" ON "auth_credentials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "naics_name_trgm_idx" ON "naics" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "naics_level_name_idx" ON "naics" USING btree ("level","name","code");--> statement-breakpoint
CREATE INDEX "organisation_aliases_search_value_trgm_idx" ON "organisation_aliases" USING gin ("search_value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisation_aliases_search_value_prefix_idx" ON "organisation_aliases" USING btree ("search_value" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organisation_aliases_organisation_idx" ON "organisation_aliases" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_identifiers_value_idx" ON "organisation_identifiers" USING btree ("value_normalised");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_identifiers_unique_idx" ON "organisation_identifiers" USING btree ("organisation_id","type","value_normalised");--> statement-breakpoint
CREATE INDEX "organisation_owners_account_idx" ON "organisation_owners" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "organisation_products_organisation_idx" ON "organisation_products" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_relations_subsidiary_idx" ON "organisation_relations" USING btree ("subsidiary_id");--> statement-breakpoint
CREATE INDEX "organisations_search_name_trgm_idx" ON "organisations" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_search_name_prefix_idx" ON "organisations" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "organisations_key_idx" ON "organisations" USING btree ("key");--> statement-breakpoint
CREATE INDEX "organisations_website_domain_idx" ON "organisations" USING btree ("website_domain");--> statement-breakpoint
CREATE INDEX "organisations_country_idx" ON "organisations" USING btree ("country_iso_alpha3");--> statement-breakpoint
CREATE INDEX "provider_cache_expires_idx" ON "provider_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "transactions_account_organisation_type_idx" ON "transactions" USING btree ("account_id","organisation_id","type");