-- A table or combination out of use from a date (issue 34: 'it can be made inactive for dates after its last
-- booking'): the engine seats no one there from that date, and the bookings before it stand. Null while in use.
ALTER TABLE "dining_tables" ADD COLUMN "out_of_use_from" varchar(10);--> statement-breakpoint
ALTER TABLE "table_combinations" ADD COLUMN "out_of_use_from" varchar(10);--> statement-breakpoint
ALTER TABLE "dining_tables" ADD CONSTRAINT "dining_tables_out_of_use_from_check" CHECK (out_of_use_from ~ '^\d{4}-\d{2}-\d{2}$');--> statement-breakpoint
ALTER TABLE "table_combinations" ADD CONSTRAINT "table_combinations_out_of_use_from_check" CHECK (out_of_use_from ~ '^\d{4}-\d{2}-\d{2}$');