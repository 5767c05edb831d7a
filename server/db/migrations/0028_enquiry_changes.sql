-- Event enquiries announce themselves on the staff screens' live channel too ('service_changed', migration 0021):
-- a guest's new enquiry, or a colleague marking one contacted, shows on Event Enquiries and in the sidebar's
-- count within a second, on every instance, where the screens had asked again every 30 s.
--
-- The payload is `{"kind":"enquiry","date":"YYYY-MM-DD","id":N}`: the day the enquiry came in (UTC) and the
-- lowest enquiry of the statement, no name or contact. Statement-level, as for bookings; an enquiry is one row
-- a statement in practice (a guest's form, a status, a note, an erasure of a guest's enquiries).
CREATE FUNCTION notify_enquiry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"enquiry","date":%s,"id":%s}', to_json(to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')), c.id))
      FROM (SELECT min(created_at) AS created_at, min(id) AS id FROM new_rows HAVING count(*) > 0) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"enquiry","date":%s,"id":%s}', to_json(to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')), c.id))
      FROM (SELECT min(created_at) AS created_at, min(id) AS id FROM old_rows HAVING count(*) > 0) c;
  ELSE
    -- A row written back unchanged announces nothing.
    PERFORM pg_notify('service_changed', format('{"kind":"enquiry","date":%s,"id":%s}', to_json(to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')), c.id))
      FROM (SELECT min(n.created_at) AS created_at, min(n.id) AS id FROM old_rows o JOIN new_rows n USING (id) WHERE o IS DISTINCT FROM n HAVING count(*) > 0) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER event_enquiries_changed_insert AFTER INSERT ON event_enquiries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_enquiry_changed();
--> statement-breakpoint
CREATE TRIGGER event_enquiries_changed_update AFTER UPDATE ON event_enquiries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_enquiry_changed();
--> statement-breakpoint
CREATE TRIGGER event_enquiries_changed_delete AFTER DELETE ON event_enquiries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_enquiry_changed();
