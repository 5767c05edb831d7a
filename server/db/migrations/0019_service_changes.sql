-- Issue 35, live on every staff screen: every change to a booking, or to the tables it holds, announces
-- itself on the 'service_changed' channel with the date it concerns, whoever makes it (a guest's booking on
-- any app instance, staff, a job, a script or psql). Each app instance listens once
-- (server/db/notifications.ts) and passes it to the staff screens it serves (server/live/live-hub.ts).
--
-- The payload is `{"kind":"reservation","date":"YYYY-MM-DD","id":N}` and nothing more: no guest's name or
-- contact travels on the channel (every session of the database may LISTEN); screens refetch what they show.
--
-- Statement-level triggers with transition tables, not row triggers: the booking batch inserts ~20 bookings
-- (and then their tables) in one statement each, and a statement trigger costs one function call and one
-- notification per date of the statement, where a row trigger would cost one call and one notification per
-- row. `id` is the lowest booking of that date in the statement (the booking itself for a one-row change).
-- PostgreSQL drops a notification identical to one already sent in the same transaction, so the holds'
-- statements of a booking usually add nothing to the booking's own. (A trigger with transition tables may
-- have one event only: hence three triggers per table.)
CREATE FUNCTION notify_service_changed_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(id) AS id FROM new_rows GROUP BY date) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(id) AS id FROM old_rows GROUP BY date) c;
  ELSE
    -- A changed row announces its old date and its new one (a booking moved to another day leaves one and
    -- joins the other); a row written back unchanged announces nothing.
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(id) AS id FROM (
              SELECT o.date, o.id FROM old_rows o JOIN new_rows n USING (id) WHERE o IS DISTINCT FROM n
              UNION ALL
              SELECT n.date, n.id FROM old_rows o JOIN new_rows n USING (id) WHERE o IS DISTINCT FROM n
            ) changed GROUP BY date) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same for a booking's tables (a move between tables, a table given or taken away), named by its booking.
CREATE FUNCTION notify_service_changed_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(reservation_id) AS id FROM new_rows GROUP BY date) c;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(reservation_id) AS id FROM old_rows GROUP BY date) c;
  ELSE
    PERFORM pg_notify('service_changed', format('{"kind":"reservation","date":%s,"id":%s}', to_json(c.date), c.id))
      FROM (SELECT date, min(reservation_id) AS id FROM (
              SELECT o.date, o.reservation_id FROM old_rows o JOIN new_rows n USING (reservation_id, table_id) WHERE o IS DISTINCT FROM n
              UNION ALL
              SELECT n.date, n.reservation_id FROM old_rows o JOIN new_rows n USING (reservation_id, table_id) WHERE o IS DISTINCT FROM n
            ) changed GROUP BY date) c;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservations_service_changed_insert AFTER INSERT ON reservations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_dates();
--> statement-breakpoint
CREATE TRIGGER reservations_service_changed_update AFTER UPDATE ON reservations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_dates();
--> statement-breakpoint
CREATE TRIGGER reservations_service_changed_delete AFTER DELETE ON reservations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_dates();
--> statement-breakpoint
CREATE TRIGGER reservation_tables_service_changed_insert AFTER INSERT ON reservation_tables
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_holds();
--> statement-breakpoint
CREATE TRIGGER reservation_tables_service_changed_update AFTER UPDATE ON reservation_tables
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_holds();
--> statement-breakpoint
CREATE TRIGGER reservation_tables_service_changed_delete AFTER DELETE ON reservation_tables
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_service_changed_holds();
