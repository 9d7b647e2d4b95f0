-- Registry status (issue 20, section 4): active, inactive (dissolved, deregistered, cancelled, struck off) or unknown,
-- with the register's own wording and the date it took effect (src/core/registry-status.ts).
ALTER TABLE "organisations" ADD COLUMN "registry_status" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "registry_status_text" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "registry_status_date" date;