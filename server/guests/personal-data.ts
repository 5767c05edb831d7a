/**
 * Where a guest's personal data lives, in ONE list (issue 37): erasure and the
 * retention job both run it, and the erasure test proves it complete by
 * reading every text, JSON and array column of the database afterwards. A new
 * table holding a guest's name, email, phone or words is one more line here
 * (the waitlist's: `waitlist_entries`; the walk-in queue's: `walk_in_queue`).
 *
 * Each step is one statement over the same parameters:
 *   $1 the guests' ids (int[]), $2 their bookings' ids (int[]), $3 their enquiries' ids (int[]),
 *   $4 ILIKE patterns of what names them precisely, emails and phones (text[]),
 *   $5 every string that names them, names too (text[]), $6 the name they are left with.
 * What is kept: dates, times, party sizes, states and sources, so a night's covers still add up.
 */
export type ErasureStep = { table: string; text: string }

export const ERASURE_STEPS: readonly ErasureStep[] = [
  {
    table: 'reservations',
    text: `update reservations set name = $6, email = null, phone = '', phone_key = null, additional_info = '',
      receive_offers = false, client_key = null, idempotency_key = null, idempotency_fingerprint = null
      where id = any($2::int[])`,
  },
  // Its lines are written by the app ('7:00 PM → 7:30 PM'), but a change of name or email would be in one.
  { table: 'reservation_history', text: `update reservation_history set detail = '' where reservation_id = any($2::int[]) and detail <> ''` },
  {
    table: 'event_enquiries',
    text: `update event_enquiries set name = $6, email = '', phone = '', special_requests = null, notes = '' where id = any($3::int[])`,
  },
  {
    // Messages to them, and staff's alerts about them (which name them): blanked; an unsent one is never sent.
    table: 'email_outbox',
    text: `update email_outbox set to_address = case when to_address ilike any($4::text[]) then '' else to_address end,
      data = '{}', subject = null, html = null, text = null, last_error = null,
      status = case when status = 'pending' then 'skipped' else status end
      where reservation_id = any($2::int[]) or to_address ilike any($4::text[]) or data::text ilike any($4::text[])
        or subject ilike any($4::text[]) or html ilike any($4::text[]) or text ilike any($4::text[])`,
  },
  {
    // Their waitlist entries (issue 35): blanked; one still waiting or offered is taken off the list.
    table: 'waitlist_entries',
    text: `update waitlist_entries set name = $6, email = '', phone = '', phone_key = '', client_key = null,
      status = case when status in ('waiting', 'offered') then 'removed' else status end
      where guest_id = any($1::int[]) or email ilike any($4::text[])`,
  },
  // Replies kept for a retried POST (a day at most): the booking they hold names the guest.
  { table: 'idempotency_keys', text: `delete from idempotency_keys where body::text ilike any($4::text[])` },
  // The marketing list: the address leaves it; the consent record keeps what was done, when and where.
  { table: 'marketing_consents', text: `delete from marketing_consents where email ilike any($4::text[])` },
  { table: 'consent_records', text: `update consent_records set address_hash = null where guest_id = any($1::int[])` },
  {
    // The audit trail: every row about their bookings, enquiries or profile has each string blanked; any other
    // row naming their email or phone too (names alone are too common to blank everywhere).
    table: 'audit_log',
    text: `select (select coalesce(sum(audit_log_redact(e.type, e.id, $5::text[])), 0) from (
        select 'reservation' as type, id::text as id from unnest($2::int[]) id
        union all select 'event_enquiry', id::text from unnest($3::int[]) id
        union all select 'guest', id::text from unnest($1::int[]) id
        union all select 'walk_in_queue', id::text from walk_in_queue where reservation_id = any($2::int[]) or phone ilike any($4::text[])) e)
      + audit_log_redact_everywhere((select array_agg(substr(p, 2, length(p) - 2)) from unnest($4::text[]) p)) as n`,
  },
  {
    // The walk-in queue (docs/decisions/0053): a party seated as one of their bookings, or by their phone; still waiting, it
    // leaves. After the audit trail's step, which finds the entries' rows by the phone this blanks.
    table: 'walk_in_queue',
    text: `update walk_in_queue set name = $6, phone = '', notes = '',
      status = case when status = 'waiting' then 'left' else status end, done_at = coalesce(done_at, now())
      where reservation_id = any($2::int[]) or phone ilike any($4::text[])`,
  },
  {
    // The job queue's jobs (graphile-worker's own table): a payload or error naming them is blanked.
    table: 'graphile_worker._private_jobs',
    text: `update graphile_worker._private_jobs set payload = '{}'::json,
        last_error = case when last_error ilike any($4::text[]) then null else last_error end
      where payload::text ilike any($4::text[]) or last_error ilike any($4::text[])`,
  },
  {
    table: 'guests',
    text: `update guests set name = $6, email = null, email_key = null, phone = '', phone_key = null, notes = '',
      allergies = '{}', allergy_notes = '', tags = '{}', erased_at = coalesce(erased_at, now()), version = version + 1, updated_at = now()
      where id = any($1::int[])`,
  },
]
