ALTER TABLE "reservations" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "guest_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "client_key" text;--> statement-breakpoint
-- The covering index every booking reads its date's seats from (migrations 0005, 0006) also carries
-- what decides whether a booking holds seats now (status, hold_until) and what the per-guest limits
-- count (phone_key, client_key), so both reads stay index-only (docs/decisions/0021). Bookings made
-- before this migration have neither key: they count for no limit, and hold as before.
DROP INDEX IF EXISTS "reservations_active_covers_idx";--> statement-breakpoint
CREATE INDEX "reservations_active_covers_idx" ON "reservations" USING btree ("date", "start_time", lower("email"))
  INCLUDE ("party_size", "id", "status", "hold_until", "phone_key", "client_key") WHERE "status" in ('pending', 'confirmed');
