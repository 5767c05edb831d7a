-- Booking services (issue 36, docs/decisions/0030): a day's list beside its hours. No row changes: a day
-- with none takes bookings in one service spanning its hours, exactly as before.
ALTER TABLE "hour_exceptions" ADD COLUMN "services" jsonb;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "services" jsonb;--> statement-breakpoint
ALTER TABLE "hour_exceptions" ADD CONSTRAINT "hour_exceptions_services_check" CHECK (services is null or jsonb_typeof(services) = 'array');--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_services_check" CHECK (services is null or jsonb_typeof(services) = 'array');