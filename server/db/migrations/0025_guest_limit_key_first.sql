-- The public bookings' guest limits (decision 0021, migration 0019): each count by its key first, (key, date), and
-- over every booking, not partial. Migration 0019's were (date, key) and partial on the active public bookings.
-- When the statistics say such a partial index is empty (analysed while every booking was staff's, without
-- client_key: a pub's bookings before its first from the website, or the bench's seed), the planner reckons a walk
-- through the whole of it costs nothing, and took any of the three for any count, by the date alone: in the bench's
-- rush the phone's count read the whole date through the address's index, a heap fetch per booking of the date, for
-- each booking of a batch. An index of every booking is costed at its real size, so only the key's own fits its
-- count; the status and client_key conditions are checked on the guest's few rows.
DROP INDEX IF EXISTS "reservations_guest_email_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "reservations_guest_phone_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "reservations_guest_client_idx";--> statement-breakpoint
CREATE INDEX "reservations_guest_email_idx" ON "reservations" USING btree (lower("email"), "date");--> statement-breakpoint
CREATE INDEX "reservations_guest_phone_idx" ON "reservations" USING btree ("phone_key", "date");--> statement-breakpoint
CREATE INDEX "reservations_guest_client_idx" ON "reservations" USING btree ("client_key", "date");
