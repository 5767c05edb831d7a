-- An area's season (docs/decisions/0051): the first and the last month it takes bookings, over the new year
-- too (11 and 2: November to February). Both or neither; none is all year. Out of its season the area is
-- closed as on a weather closure's date (server/reservations/booking-sql.ts, closedAreasColumn).
ALTER TABLE "areas" ADD COLUMN "season_from" integer;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "season_to" integer;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_season_check" CHECK (("areas"."season_from" is null) = ("areas"."season_to" is null) and "areas"."season_from" between 1 and 12 and "areas"."season_to" between 1 and 12);