ALTER TABLE "cocktails_content" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hero_slides" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "hour_exceptions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "menu_sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- No lost updates (issue 33, decision 0020): every UPDATE of an edited row raises its version,
-- whoever makes it, so an admin save that names the version it read (where id = $1 and version = $2)
-- matches nothing when someone saved in between. The reservations work creates the same function.
CREATE OR REPLACE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  new.version := old.version + 1; return new;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['events', 'hero_slides', 'menu_sections', 'email_templates', 'site_settings',
    'opening_hours', 'hour_exceptions', 'cocktails_content']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', name || '_bump_version', name);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION bump_version()', name || '_bump_version', name);
  END LOOP;
END
$$;
