-- The seat count (dayColumns) and whether a guest already holds an active booking at a date and
-- time (heldSlotSql), both in server/reservations/reservations-data.ts, are read for every batch
-- of bookings. In a new database's first rush they were slow in some runs and not in others:
-- * The held-slot check found the slot by date and time, then read each of its bookings from the
--   heap to compare emails: a popular slot's thirty bookings for every check. With the email as
--   the covering index's third key, the check is one probe of it; the seat count still reads the
--   index alone by its first two keys. Nothing else reads reservations by email, so the
--   email-only index goes: one index fewer to write per booking.
-- * After an analyse taken while each date had a booking or two, a date looked unique to the
--   planner however many bookings it then got, so reservations_date_status_idx ("this date,
--   active") looked as selective as this index's keys, and the planner read whole dates from the
--   heap for both reads until the next analyse. It is now told that a date has many bookings:
--   distinct dates are 2% of the rows (about fifty bookings a date), whatever the sample says.
--   The ANALYZE applies that to a database that already has bookings; an empty table is left
--   unanalysed, as analysed empty the planner takes it for empty until the next analyse, and
--   plans made then (a foreign key's check of every insert among them) scan it whole.
-- (booking-batch.ts also plans the two reads for each batch, not once per connection.)
DROP INDEX "reservations_email_idx";--> statement-breakpoint
DROP INDEX "reservations_active_covers_idx";--> statement-breakpoint
CREATE INDEX "reservations_active_covers_idx" ON "reservations" USING btree ("date", "start_time", lower("email"))
  INCLUDE ("party_size", "id") WHERE "status" in ('pending', 'confirmed');--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "date" SET (n_distinct = -0.02);--> statement-breakpoint
DO $$ BEGIN IF EXISTS (SELECT 1 FROM "reservations") THEN ANALYZE "reservations"; END IF; END $$;
