-- A staff session that ends (signed out, signed out from another screen, ended by an owner or by the 50-session
-- cap, the account deactivated, a password reset, housekeeping's expired rows) announces it on the
-- 'session_ended' channel, whoever deletes it, so that every app instance closes the live streams it serves to
-- a session that is no more (server/live/live-hub.ts): a signed-out screen hears no more changes, and its browser,
-- refused when it reconnects, tells staff they are signed out (app/lib/live.ts).
--
-- One notification a statement, with no payload: a sign-in's or a sign-out's delete is one row, housekeeping's
-- may be thousands, and each instance then asks once which of its own streams' sessions are left.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_ended AFTER DELETE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION notify_session_ended();
