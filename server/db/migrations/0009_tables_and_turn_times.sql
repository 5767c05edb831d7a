CREATE TABLE "area_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "area_closures_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$')
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"online_bookable" boolean DEFAULT true NOT NULL,
	"weather_dependent" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_name_check" CHECK (length(trim("areas"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_id" integer NOT NULL,
	"min_covers" integer DEFAULT 1 NOT NULL,
	"max_covers" integer NOT NULL,
	"online_bookable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"plan_x" integer DEFAULT 0 NOT NULL,
	"plan_y" integer DEFAULT 0 NOT NULL,
	"plan_width" integer DEFAULT 2 NOT NULL,
	"plan_height" integer DEFAULT 2 NOT NULL,
	"shape" text DEFAULT 'rect' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dining_tables_name_check" CHECK (length(trim("dining_tables"."name")) > 0),
	CONSTRAINT "dining_tables_covers_check" CHECK ("dining_tables"."min_covers" >= 1 and "dining_tables"."max_covers" >= "dining_tables"."min_covers" and "dining_tables"."max_covers" <= 100),
	CONSTRAINT "dining_tables_shape_check" CHECK ("dining_tables"."shape" in ('rect','round')),
	CONSTRAINT "dining_tables_plan_check" CHECK ("dining_tables"."plan_x" >= 0 and "dining_tables"."plan_y" >= 0 and "dining_tables"."plan_width" between 1 and 20 and "dining_tables"."plan_height" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "reservation_tables" (
	"reservation_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"during" "tsrange" NOT NULL,
	"active" boolean NOT NULL,
	CONSTRAINT "reservation_tables_reservation_id_table_id_pk" PRIMARY KEY("reservation_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "table_combination_members" (
	"combination_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	CONSTRAINT "table_combination_members_combination_id_table_id_pk" PRIMARY KEY("combination_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "table_combinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_id" integer NOT NULL,
	"min_covers" integer DEFAULT 1 NOT NULL,
	"max_covers" integer NOT NULL,
	"online_bookable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_combinations_covers_check" CHECK ("table_combinations"."min_covers" >= 1 and "table_combinations"."max_covers" >= "table_combinations"."min_covers" and "table_combinations"."max_covers" <= 200)
);
--> statement-breakpoint
CREATE TABLE "turn_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"min_party" integer NOT NULL,
	"max_party" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"weekday" integer,
	CONSTRAINT "turn_times_party_check" CHECK ("turn_times"."min_party" >= 1 and "turn_times"."max_party" >= "turn_times"."min_party"),
	CONSTRAINT "turn_times_duration_check" CHECK ("turn_times"."duration_minutes" between 15 and 720),
	CONSTRAINT "turn_times_weekday_check" CHECK ("turn_times"."weekday" is null or "turn_times"."weekday" between 0 and 6)
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "duration_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "area_closures" ADD CONSTRAINT "area_closures_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_tables" ADD CONSTRAINT "reservation_tables_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combination_members" ADD CONSTRAINT "table_combination_members_combination_id_table_combinations_id_fk" FOREIGN KEY ("combination_id") REFERENCES "public"."table_combinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combination_members" ADD CONSTRAINT "table_combination_members_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_combinations" ADD CONSTRAINT "table_combinations_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "area_closures_area_date_idx" ON "area_closures" USING btree ("area_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "areas_name_idx" ON "areas" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_name_idx" ON "dining_tables" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "dining_tables_area_idx" ON "dining_tables" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "reservation_tables_date_idx" ON "reservation_tables" USING btree ("date");--> statement-breakpoint
CREATE INDEX "table_combination_members_table_idx" ON "table_combination_members" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_combinations_name_idx" ON "table_combinations" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_duration_check" CHECK ("reservations"."duration_minutes" between 15 and 720);--> statement-breakpoint
-- Existing bookings keep the table time they were made with: the venue's setting today.
UPDATE "reservations" SET "duration_minutes" = coalesce((
  SELECT setting_value::integer FROM site_settings
  WHERE setting_key = 'booking_duration_minutes' AND setting_value ~ '^\d{1,3}$' AND setting_value::integer BETWEEN 15 AND 720
), 120);
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- A booking's hold on its tables: [date start_time, + duration) in venue wall-clock time, active while the
-- booking is pending or confirmed. Kept from the reservation, so no code path can set them otherwise.
CREATE OR REPLACE FUNCTION reservation_hold(p_date text, p_start text, p_minutes integer) RETURNS tsrange
LANGUAGE sql IMMUTABLE AS $$
  SELECT tsrange((p_date || ' ' || p_start)::timestamp, (p_date || ' ' || p_start)::timestamp + make_interval(mins => p_minutes), '[)')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservation_tables_from_booking() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT date, start_time, duration_minutes, status INTO r FROM reservations WHERE id = NEW.reservation_id;
  NEW.date := r.date;
  NEW.during := reservation_hold(r.date, r.start_time, r.duration_minutes);
  NEW.active := r.status IN ('pending', 'confirmed');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservation_tables_from_booking BEFORE INSERT OR UPDATE ON reservation_tables
  FOR EACH ROW EXECUTE FUNCTION reservation_tables_from_booking();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reservation_tables_follow_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reservation_tables SET
    date = NEW.date,
    during = reservation_hold(NEW.date, NEW.start_time, NEW.duration_minutes),
    active = NEW.status IN ('pending', 'confirmed')
  WHERE reservation_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reservation_tables_follow_booking AFTER UPDATE OF date, start_time, duration_minutes, status ON reservations
  FOR EACH ROW
  WHEN (OLD.date IS DISTINCT FROM NEW.date OR OLD.start_time IS DISTINCT FROM NEW.start_time
    OR OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION reservation_tables_follow_booking();
--> statement-breakpoint
-- The last line of defence: two active bookings never hold one table at overlapping times.
ALTER TABLE reservation_tables ADD CONSTRAINT reservation_tables_no_overlap
  EXCLUDE USING gist (table_id WITH =, during WITH &&) WHERE (active);
--> statement-breakpoint
-- Every edited record carries a version that every UPDATE raises (no lost updates, issue 33).
CREATE OR REPLACE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER areas_bump_version BEFORE UPDATE ON areas FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER dining_tables_bump_version BEFORE UPDATE ON dining_tables FOR EACH ROW EXECUTE FUNCTION bump_version();
--> statement-breakpoint
CREATE TRIGGER table_combinations_bump_version BEFORE UPDATE ON table_combinations FOR EACH ROW EXECUTE FUNCTION bump_version();
