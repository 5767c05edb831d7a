CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" integer,
	"action" text NOT NULL,
	"place" text NOT NULL,
	"wording" text NOT NULL,
	"address_hash" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_action_check" CHECK ("consent_records"."action" in ('given','withdrawn')),
	CONSTRAINT "consent_records_place_check" CHECK ("consent_records"."place" in ('booking_form','event_dialog','staff','unsubscribe_link'))
);
--> statement-breakpoint
CREATE TABLE "guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_key" text,
	"email" text,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_key" text,
	"notes" text DEFAULT '' NOT NULL,
	"allergies" text[] DEFAULT '{}'::text[] NOT NULL,
	"allergy_notes" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"erased_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_email_key_unique" UNIQUE("email_key"),
	CONSTRAINT "guests_notes_check" CHECK (char_length("guests"."notes") <= 2000 and char_length("guests"."allergy_notes") <= 500)
);
--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_guest_idx" ON "consent_records" USING btree ("guest_id","at");--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD CONSTRAINT "event_enquiries_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_enquiries_guest_idx" ON "event_enquiries" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "reservations_guest_idx" ON "reservations" USING btree ("guest_id");--> statement-breakpoint
-- Backfill (issue 37): one guest per normalised email of the bookings and enquiries already made, with the
-- latest name and phone given (by created_at), created at the first of them.
WITH given AS (
  SELECT lower(btrim(email)) AS key, btrim(email) AS email, name, phone, phone_key, created_at FROM reservations
    WHERE email IS NOT NULL AND btrim(email) <> ''
  UNION ALL
  SELECT lower(btrim(email)), btrim(email), name, phone, NULL, created_at FROM event_enquiries WHERE btrim(email) <> ''
), firsts AS (SELECT key, min(created_at) AS first_at FROM given GROUP BY key)
INSERT INTO guests (email_key, email, name, phone, phone_key, created_at, updated_at)
SELECT DISTINCT ON (g.key) g.key, g.email, g.name, g.phone, g.phone_key, f.first_at, g.created_at
  FROM given g JOIN firsts f USING (key) ORDER BY g.key, g.created_at DESC;--> statement-breakpoint
UPDATE reservations r SET guest_id = g.id FROM guests g WHERE g.email_key = lower(btrim(r.email));--> statement-breakpoint
UPDATE event_enquiries e SET guest_id = g.id FROM guests g WHERE g.email_key = lower(btrim(e.email));--> statement-breakpoint
-- The consent record starts from the marketing list as it stands: its opt-ins (the wording shown then was not
-- kept) and its unsubscribes.
INSERT INTO consent_records (guest_id, action, place, wording, at)
SELECT g.id, 'given', 'booking_form', 'Recorded before issue 37: the wording shown was not kept.', mc.created_at
  FROM marketing_consents mc JOIN guests g ON g.email_key = lower(btrim(mc.email));--> statement-breakpoint
INSERT INTO consent_records (guest_id, action, place, wording, at)
SELECT g.id, 'withdrawn', 'unsubscribe_link', 'Recorded before issue 37: the wording shown was not kept.', mc.unsubscribed_at
  FROM marketing_consents mc JOIN guests g ON g.email_key = lower(btrim(mc.email)) WHERE mc.unsubscribed_at IS NOT NULL;--> statement-breakpoint
-- Guest erasure and retention (issue 37): blanks `secrets` in every audit row that holds one, whatever entity
-- it is about (a booking's, an enquiry's, the guest's own), through the trigger's 'erasure' moment as
-- audit_log_redact does; answers how many rows held any. The ILIKE narrows the rows before the regexps.
CREATE FUNCTION audit_log_redact_everywhere(secrets text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
  patterns text[];
BEGIN
  SELECT coalesce(array_agg('%' || replace(replace(replace(s, '\', '\\'), '%', '\%'), '_', '\_') || '%'), '{}')
    INTO patterns FROM unnest(secrets) s WHERE s IS NOT NULL AND length(s) > 0;
  IF cardinality(patterns) = 0 THEN RETURN 0; END IF;
  PERFORM set_config('pub.audit_change', 'erasure', true);
  UPDATE audit_log SET
    summary = audit_redact_text(summary, secrets),
    before = audit_redact_json(before, secrets),
    after = audit_redact_json(after, secrets)
  WHERE (summary || ' ' || coalesce(before::text, '') || ' ' || coalesce(after::text, '')) ILIKE ANY (patterns);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('pub.audit_change', '', true);
  RETURN n;
END
$$;
--> statement-breakpoint
-- Staff search over every guest (issue 37: 50,000 under 50 ms): one stored text made of the name, the email,
-- the phone's key and its digits, under a trigram index, so any part of any of them is found by an index scan
-- (and a broad search rechecks plain text, not a regexp per row). Not in schema.ts: the app only searches it.
-- pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and embedded-postgres alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || ' ' || coalesce(email_key, '') || ' ' || coalesce(phone_key, '') || ' ' || regexp_replace(phone, '\D', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "guests_search_idx" ON "guests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The list without a search: the most recently seen first, a page at a time.
CREATE INDEX "guests_updated_idx" ON "guests" USING btree ("updated_at" DESC, "id" DESC) WHERE "erased_at" IS NULL;
