CREATE TABLE "walk_in_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"party_size" integer NOT NULL,
	"quoted_minutes" integer,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reservation_id" integer,
	"done_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walk_in_queue_status_check" CHECK ("walk_in_queue"."status" in ('waiting','seated','left')),
	CONSTRAINT "walk_in_queue_party_check" CHECK ("walk_in_queue"."party_size" >= 1),
	CONSTRAINT "walk_in_queue_quote_check" CHECK ("walk_in_queue"."quoted_minutes" between 0 and 240),
	CONSTRAINT "walk_in_queue_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "walk_in_queue_seated_check" CHECK ("walk_in_queue"."status" <> 'seated' or "walk_in_queue"."done_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "walk_in_queue" ADD CONSTRAINT "walk_in_queue_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walk_in_queue_date_status_idx" ON "walk_in_queue" USING btree ("date","status","created_at");--> statement-breakpoint
CREATE INDEX "walk_in_queue_reservation_idx" ON "walk_in_queue" USING btree ("reservation_id");--> statement-breakpoint
CREATE TRIGGER walk_in_queue_bump_version BEFORE UPDATE ON walk_in_queue FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
-- Every change of the walk-in queue reaches every staff screen (the live channel's payload, kind 'queue'), sent at COMMIT.
CREATE OR REPLACE FUNCTION notify_walk_in_queue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed walk_in_queue%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := old; ELSE changed := new; END IF;
  PERFORM pg_notify('service_changed', json_build_object('kind', 'queue', 'date', changed.date, 'id', changed.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER walk_in_queue_notify AFTER INSERT OR UPDATE OR DELETE ON walk_in_queue FOR EACH ROW EXECUTE FUNCTION notify_walk_in_queue_changed();
