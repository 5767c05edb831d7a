CREATE TABLE "reservation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservation_history_kind_check" CHECK ("reservation_history"."kind" in ('confirmed','changed','cancelled','reinstated','reminder_sent','review_requested')),
	CONSTRAINT "reservation_history_actor_check" CHECK ("reservation_history"."actor" in ('guest','staff','system'))
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "created_by" text DEFAULT 'guest' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservation_history" ADD CONSTRAINT "reservation_history_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservation_history_reservation_idx" ON "reservation_history" USING btree ("reservation_id","at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_check" CHECK ("reservations"."created_by" in ('guest','staff'));--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_changed_by_check" CHECK ("reservations"."changed_by" in ('guest','staff'));