-- A public booking counts its guest's active bookings of the date by email, by phone and by address (decision 0021).
-- Read from the covering index (date, start_time, lower(email)), each count visited every entry of the date (about
-- 200 on a busy one, for each booking of a batch: PostgreSQL 17 cannot skip over start_time). These make each count
-- one probe, and only public bookings (client_key set) are in them: staff's are neither limited nor counted.
CREATE INDEX IF NOT EXISTS "reservations_guest_email_idx" ON "reservations" USING btree ("date", lower("email"))
  WHERE "status" in ('pending', 'confirmed') AND "client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_guest_phone_idx" ON "reservations" USING btree ("date", "phone_key")
  WHERE "status" in ('pending', 'confirmed') AND "client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reservations_guest_client_idx" ON "reservations" USING btree ("date", "client_key")
  WHERE "status" in ('pending', 'confirmed') AND "client_key" IS NOT NULL;
