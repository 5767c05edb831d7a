-- The seats a date's active bookings hold, per start time, read from this index alone: every
-- booking reads them under its date lock (dayColumns in server/reservations/reservations-data.ts),
-- and from the heap they cost a page visit per booking, so a busy date made every booking of it
-- slower. Partial on the active statuses, in the same words as the query, so the planner uses it;
-- the id is included so a staff edit's "every booking but this one" is answered from it too.
CREATE INDEX "reservations_active_covers_idx" ON "reservations" USING btree ("date", "start_time")
  INCLUDE ("party_size", "id") WHERE "status" in ('pending', 'confirmed');
--> statement-breakpoint
-- An index-only read needs the visibility map, which only vacuum sets: by default an insert-only
-- table is vacuumed after 1,000 new rows plus 20% of its size, so in a rush every booking of the
-- week would be read from the heap again. Vacuuming new bookings is cheap (no dead rows to remove).
ALTER TABLE "reservations" SET (autovacuum_vacuum_insert_threshold = 500, autovacuum_vacuum_insert_scale_factor = 0.02);
