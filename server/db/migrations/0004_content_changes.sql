-- Public pages are cached as rendered HTML (server/pages/page-cache.ts). Every change to a
-- table those pages read announces itself on the 'content_changed' channel, whoever makes it
-- (a staff request on any app instance, the seed, a script or psql), and every instance
-- listening drops its cached pages.
CREATE FUNCTION notify_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['site_settings', 'opening_hours', 'hour_exceptions', 'events', 'event_categories',
    'hero_slides', 'menu_sections', 'menu_items', 'cocktails_content', 'media_files']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()',
      name || '_content_changed', name);
  END LOOP;
END
$$;
