ALTER TABLE "waitlist_entries" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_guest_idx" ON "waitlist_entries" USING btree ("guest_id");--> statement-breakpoint
-- Issue 37: a waitlist entry points to its guest (by its normalised email), as bookings and enquiries do; erasure and
-- retention clean entries through it (server/guests/personal-data.ts). Entries made before have their guest found here.
INSERT INTO guests (email_key, email, name, phone, phone_key)
SELECT DISTINCT ON (lower(btrim(email))) lower(btrim(email)), btrim(email), name, phone, phone_key FROM waitlist_entries
  WHERE btrim(email) <> '' ORDER BY lower(btrim(email)), created_at DESC
  ON CONFLICT (email_key) DO NOTHING;--> statement-breakpoint
UPDATE waitlist_entries w SET guest_id = g.id FROM guests g WHERE g.email_key = lower(btrim(w.email));
