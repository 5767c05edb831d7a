-- The outbox's message data as json, not jsonb (decision 0042). Every booking writes its messages' data in its
-- batch's transaction, and PostgreSQL made each into jsonb there: about 27 µs a message, two a booking, on the
-- path every guest waits on. The data is written once and read back whole when the message is sent (never
-- searched inside by the database), so it is kept as the text the app wrote.
ALTER TABLE "email_outbox" ALTER COLUMN "data" SET DATA TYPE json USING "data"::json;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "data" SET DEFAULT '{}'::json;
