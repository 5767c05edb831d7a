ALTER TABLE "reservations" ADD COLUMN "visit_state" text DEFAULT 'expected' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "seated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "freed_at" timestamp;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_visit_state_check" CHECK ("reservations"."visit_state" in ('expected','arrived','seated','finished','no_show'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_freed_check" CHECK (("reservations"."freed_at" is not null) = ("reservations"."visit_state" in ('finished','no_show')));--> statement-breakpoint
-- Issue 35 (docs/decisions/0031): a finished or no-show booking frees its tables from the minute it was marked
-- (freed_at, venue wall-clock time), so the next party is offered them at once. The hold of migration 0009 ends
-- there (an empty range when marked before its start), and the triggers keep it so: undoing the step clears
-- freed_at and the hold is whole again (the exclusion constraint refusing it if another booking took the table).
CREATE OR REPLACE FUNCTION reservation_hold(p_date text, p_start text, p_minutes integer, p_freed timestamp) RETURNS tsrange
LANGUAGE sql IMMUTABLE AS $$
  SELECT tsrange(s, greatest(s, least(s + make_interval(mins => p_minutes), coalesce(p_freed, 'infinity'::timestamp))), '[)')
  FROM (SELECT (p_date || ' ' || p_start)::timestamp AS s) start
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservation_tables_from_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT date, start_time, duration_minutes, status, freed_at INTO r FROM reservations WHERE id = NEW.reservation_id;
  NEW.date := r.date;
  NEW.during := reservation_hold(r.date, r.start_time, r.duration_minutes, r.freed_at);
  NEW.active := r.status IN ('pending', 'confirmed');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservation_tables_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservation_tables SET
    date = NEW.date,
    during = reservation_hold(NEW.date, NEW.start_time, NEW.duration_minutes, NEW.freed_at),
    active = NEW.status IN ('pending', 'confirmed')
  WHERE reservation_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS reservation_tables_follow_booking ON reservations;
--> statement-breakpoint
CREATE TRIGGER reservation_tables_follow_booking AFTER UPDATE OF date, start_time, duration_minutes, status, freed_at ON reservations
  FOR EACH ROW
  WHEN (OLD.date IS DISTINCT FROM NEW.date OR OLD.start_time IS DISTINCT FROM NEW.start_time
    OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.freed_at IS DISTINCT FROM NEW.freed_at)
  EXECUTE FUNCTION reservation_tables_follow_booking();
--> statement-breakpoint
-- The covers engine (no tables) frees a finished party's covers from freed_at too: the covering index every
-- booking reads its date's seats from carries it, so that read stays index-only (docs/decisions/0021, 0031).
DROP INDEX IF EXISTS "reservations_active_covers_idx";--> statement-breakpoint
CREATE INDEX "reservations_active_covers_idx" ON "reservations" USING btree ("date", "start_time", lower("email"))
  INCLUDE ("party_size", "id", "status", "hold_until", "phone_key", "client_key", "freed_at") WHERE "status" in ('pending', 'confirmed');
