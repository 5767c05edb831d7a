ALTER TABLE "reservations" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- No lost updates (issue 33): the database raises a record's version on each change, so an edit made
-- against an older version is refused. One function for every versioned table (another table's migration
-- creates the same one: create or replace keeps it one).
create or replace function bump_version() returns trigger language plpgsql as $$
begin
  new.version := old.version + 1;
  return new;
end
$$;--> statement-breakpoint
-- Only a change of what staff or the guest edit counts: the reminder and review jobs' bookkeeping
-- (reminder_sent_at, review_email_sent_at) must not make a member of staff's save a conflict.
drop trigger if exists reservations_bump_version on reservations;--> statement-breakpoint
create trigger reservations_bump_version before update on reservations for each row
  when ((old.name, old.email, old.phone, old.date, old.start_time, old.party_size, old.additional_info, old.food_drinks, old.status, old.event_id, old.duration_minutes)
    is distinct from (new.name, new.email, new.phone, new.date, new.start_time, new.party_size, new.additional_info, new.food_drinks, new.status, new.event_id, new.duration_minutes))
  execute function bump_version();
