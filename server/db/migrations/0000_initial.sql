CREATE TABLE "cocktails_content" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"intro_text" text NOT NULL,
	"description_text" text NOT NULL,
	"special_offer_title" text NOT NULL,
	"special_offer_details" text NOT NULL,
	"special_offer_times" text NOT NULL,
	"gallery_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cocktails_content_single_row" CHECK ("cocktails_content"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending','sending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_key" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"html_content" text DEFAULT '' NOT NULL,
	"text_content" text NOT NULL,
	"description" text,
	"variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"header_image" text,
	"hero_title" text,
	"greeting_text" text,
	"message_text" text,
	"summary_title" text DEFAULT 'Your Booking' NOT NULL,
	"footer_text" text,
	"button_one_text" text,
	"button_one_url" text,
	"button_two_text" text,
	"button_two_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_template_key_unique" UNIQUE("template_key")
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" varchar(7) DEFAULT '#6B7280' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "event_enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer,
	"event_title" text NOT NULL,
	"event_date" text,
	"event_time" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"party_size" integer DEFAULT 2 NOT NULL,
	"special_requests" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_enquiries_status_check" CHECK ("event_enquiries"."status" in ('pending','contacted','confirmed','cancelled')),
	CONSTRAINT "event_enquiries_party_check" CHECK ("event_enquiries"."party_size" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"short_description" text,
	"date" varchar(10) NOT NULL,
	"time" varchar(5) NOT NULL,
	"end_time" varchar(5),
	"type" text DEFAULT 'special_event' NOT NULL,
	"category_id" integer,
	"image" text,
	"gallery" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" text,
	"capacity" integer,
	"booking_type" text DEFAULT 'table' NOT NULL,
	"booking_url" text,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"venue" text,
	"contact" text,
	"deposit_required" text,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_pattern" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_type_check" CHECK ("events"."type" in ('live_music','quiz_night','wine_tasting','special_event','private_hire','other')),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('published','draft','cancelled')),
	CONSTRAINT "events_booking_type_check" CHECK ("events"."booking_type" in ('table','enquiry')),
	CONSTRAINT "events_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "events_time_check" CHECK (time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
	CONSTRAINT "events_end_time_check" CHECK (end_time is null or end_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
	CONSTRAINT "events_capacity_check" CHECK ("events"."capacity" is null or "events"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hero_slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hour_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" varchar(10) NOT NULL,
	"open_time" varchar(5),
	"close_time" varchar(5),
	"is_closed" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_exceptions_date_unique" UNIQUE("date"),
	CONSTRAINT "hour_exceptions_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "hour_exceptions_reason_check" CHECK (length(trim("hour_exceptions"."reason")) > 0),
	CONSTRAINT "hour_exceptions_open_check" CHECK (open_time is null or open_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
	CONSTRAINT "hour_exceptions_close_check" CHECK (close_time is null or close_time ~ '^([01]\d|2[0-3]):[0-5]\d$')
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"status_code" integer NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reservation" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_filename_unique" UNIQUE("filename")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" text NOT NULL,
	"category" text NOT NULL,
	"image" text,
	"featured" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pdf_url" text,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"background_image" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_sections_category_unique" UNIQUE("category"),
	CONSTRAINT "menu_sections_category_check" CHECK ("menu_sections"."category" in ('food','vegan','sunday','desserts','cocktails','beer','wine'))
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_of_week" integer NOT NULL,
	"open_time" varchar(5),
	"close_time" varchar(5),
	"is_closed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_hours_day_of_week_unique" UNIQUE("day_of_week"),
	CONSTRAINT "opening_hours_day_check" CHECK ("opening_hours"."day_of_week" between 0 and 6),
	CONSTRAINT "opening_hours_open_check" CHECK (open_time is null or open_time ~ '^([01]\d|2[0-3]):[0-5]\d$'),
	CONSTRAINT "opening_hours_close_check" CHECK (close_time is null or close_time ~ '^([01]\d|2[0-3]):[0-5]\d$')
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date" varchar(10) NOT NULL,
	"start_time" varchar(5) NOT NULL,
	"party_size" integer NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"food_drinks" text DEFAULT 'food_and_drinks' NOT NULL,
	"receive_offers" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"event_id" integer,
	"idempotency_key" text,
	"review_email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending','confirmed','cancelled')),
	CONSTRAINT "reservations_food_drinks_check" CHECK ("reservations"."food_drinks" in ('food_and_drinks','drinks_only')),
	CONSTRAINT "reservations_party_check" CHECK ("reservations"."party_size" >= 1),
	CONSTRAINT "reservations_date_check" CHECK (date ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "reservations_time_check" CHECK (start_time ~ '^([01]\d|2[0-3]):[0-5]\d$')
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_setting_key_unique" UNIQUE("setting_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "event_enquiries" ADD CONSTRAINT "event_enquiries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_id_event_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."event_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "event_enquiries_created_idx" ON "event_enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_date_idx" ON "events" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_consents_email_idx" ON "marketing_consents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "reservations_date_status_idx" ON "reservations" USING btree ("date","status");--> statement-breakpoint
CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "reservations_email_idx" ON "reservations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");