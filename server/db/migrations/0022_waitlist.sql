CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"phone_key" text NOT NULL,
	"party_size" integer NOT NULL,
	"earliest_time" varchar(5) NOT NULL,
	"latest_time" varchar(5) NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_time" varchar(5),
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"claimed_reservation_id" integer,
	"client_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting','offered','claimed','expired','removed','left')),
	CONSTRAINT "waitlist_entries_party_check" CHECK ("waitlist_entries"."party_size" >= 1),
	CONSTRAINT "waitlist_entries_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."earliest_time" <= "waitlist_entries"."latest_time")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_claimed_reservation_id_reservations_id_fk" FOREIGN KEY ("claimed_reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_date_status_idx" ON "waitlist_entries" USING btree ("date","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offers_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
-- Custom SQL (drizzle cannot write triggers). Staff edits name the version they read (server/audit/versions.ts).
CREATE TRIGGER waitlist_entries_bump_version BEFORE UPDATE ON waitlist_entries FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
-- Every change of the waitlist reaches every staff screen (issue 35's live channel: the contracts'
-- payload on channel service_changed, as the reservations' trigger sends it), sent at COMMIT.
CREATE OR REPLACE FUNCTION notify_waitlist_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed waitlist_entries%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := old; ELSE changed := new; END IF;
  PERFORM pg_notify('service_changed', json_build_object('kind', 'waitlist', 'date', changed.date, 'id', changed.id)::text);
  -- An entry moved to another date (never done today) is news on the old date too.
  IF TG_OP = 'UPDATE' AND old.date <> new.date THEN
    PERFORM pg_notify('service_changed', json_build_object('kind', 'waitlist', 'date', old.date, 'id', old.id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_notify AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries FOR EACH ROW EXECUTE FUNCTION notify_waitlist_changed();
--> statement-breakpoint
-- One active entry per email and per phone for a date, however many joins race (the 409 'already on the waitlist').
CREATE UNIQUE INDEX waitlist_entries_active_email_idx ON waitlist_entries (date, lower(email)) WHERE status IN ('waiting', 'offered');
--> statement-breakpoint
CREATE UNIQUE INDEX waitlist_entries_active_phone_idx ON waitlist_entries (date, phone_key) WHERE status IN ('waiting', 'offered');
