ALTER TABLE "hour_exceptions" ADD COLUMN "last_orders_time" varchar(5);--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "last_orders_time" varchar(5);--> statement-breakpoint
ALTER TABLE "hour_exceptions" ADD CONSTRAINT "hour_exceptions_last_orders_check" CHECK (last_orders_time is null or last_orders_time ~ '^([01]\d|2[0-3]):[0-5]\d$');--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_last_orders_check" CHECK (last_orders_time is null or last_orders_time ~ '^([01]\d|2[0-3]):[0-5]\d$');--> statement-breakpoint
-- The kitchen's last orders (issue 36): 9 pm daily, 6 pm on Sunday, as the policy pages say; a day whose
-- hours do not take that time (it opens after it or closes before it) keeps food until close.
UPDATE "opening_hours" SET "last_orders_time" = d.t
  FROM (SELECT CASE WHEN day_of_week = 0 THEN '18:00' ELSE '21:00' END AS t, id FROM "opening_hours") d
  WHERE d.id = "opening_hours".id
    AND (is_closed OR open_time IS NULL OR close_time IS NULL OR (open_time <= d.t AND d.t <= close_time));
