-- Where each booking came from (issue 35, common/booking-source.ts). Existing rows: staff's are phone bookings,
-- a guest's with an event the event's, the rest online (a walk-in or a waitlist claim did not exist before).
ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
UPDATE "reservations" SET "source" = CASE WHEN "created_by" = 'staff' THEN 'phone' ELSE 'event' END
  WHERE "created_by" = 'staff' OR "event_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('online','phone','walk_in','event','waitlist'));
