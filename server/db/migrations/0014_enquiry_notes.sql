ALTER TABLE "event_enquiries" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD CONSTRAINT "event_enquiries_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_enquiries_reservation_idx" ON "event_enquiries" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD CONSTRAINT "event_enquiries_notes_check" CHECK (char_length("event_enquiries"."notes") <= 2000);--> statement-breakpoint
-- Notes on an enquiry are edited at a version (issue 36): every UPDATE raises it, as for the
-- tables of migrations 0009-0011 (bump_version() is created there).
DROP TRIGGER IF EXISTS event_enquiries_bump_version ON event_enquiries;
--> statement-breakpoint
CREATE TRIGGER event_enquiries_bump_version BEFORE UPDATE ON event_enquiries FOR EACH ROW EXECUTE FUNCTION bump_version();
