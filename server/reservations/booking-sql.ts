/**
 * The SQL of the booking write path (docs/decisions/0013-booking-write-path.md):
 * the date locks, the reads a booking is decided on, the ids and the insert.
 * Hand-built, for speed, behind one fence:
 *
 *   Only placeholders (`$n`) and the names of this module's own columns and
 *   aliases are ever spliced into these strings; every value travels as a
 *   parameter. The fragment builders refuse anything else (`sqlName`), and
 *   booking-sql.test.ts fails if a statement's text holds a quote or a value
 *   it was not written with.
 *
 * The booking batch's statements are named, prepared once per connection; its
 * two reads are planned for each batch's own values all the same, sent between
 * `CUSTOM_PLANS` and `DEFAULT_PLANS` (docs/decisions/0018-booking-query-plans.md
 * and 0037). The release of lapsed holds (`releaseLapsedTablesQuery`) and the
 * staff's reads of one booking's day (`dayWithoutQuery`, `heldSlotQuery`) are
 * unnamed, planned for their values.
 */
import { getTableColumns } from 'drizzle-orm'
import type pg from 'pg'
import type { TableHold } from '#common/tables'
import { reservations, type Reservation } from '../db/schema'

// A fixed first key for the two-key advisory lock, so these locks never clash with other features'.
const DATE_LOCK_NAMESPACE = 4_2026
// Bookings that are active (the partial indexes' own predicate: keep it word for word).
const ACTIVE = `status in ('pending', 'confirmed')`
/**
 * Of the active bookings, those holding their seats at `now` (SQL naming the
 * app's clock): confirmed ones, and pending ones whose hold has not run out (a
 * large party's request from the form that its guest has not confirmed holds
 * for 30 minutes: docs/decisions/0021). `of` names the bookings' table where
 * the columns need it (a subquery of other tables).
 */
export function holdsAt(now: string, of?: string): string {
  const column = (name: string) => (of ? `${sqlName(of)}.${name}` : name)
  return `(${column('status')} = 'confirmed' or ${column('hold_until')} is null or ${column('hold_until')} > ${sqlName(now)})`
}
/**
 * The minute (after the date's midnight, venue time) from which a finished or
 * no-show booking's covers are free (freed_at, issue 35), null for any other:
 * for SQL naming the date. freed_at is in the covering index, so the read stays index-only.
 */
const FREED_MINUTE = (date: string) => `(extract(epoch from freed_at - ${sqlName(date)}::text::timestamp) / 60)::int`
const COLUMNS = Object.entries(getTableColumns(reservations))
/** Every column of a reservation under its field name, so raw rows are `Reservation`s. */
export const RESERVATION_FIELDS = COLUMNS.map(([field, column]) => `"${column.name}" as "${field}"`).join(', ')
/** The reservation an Idempotency-Key created, as replay_<field> columns (all null when none). */
export const REPLAY_COLUMNS = COLUMNS.map(([field, column]) => `replay."${column.name}" as "replay_${field}"`).join(', ')

// A placeholder with an optional cast ($3, $3::int), or a column or alias of these statements (x.email, d, null).
const SQL_NAME = /^(?:\$\d{1,3}(?:::[a-z]{1,12})?|[a-z_]{1,20}(?:\.[a-z_]{1,20})?)$/

/** Refuses anything but a placeholder or a name: what keeps a value from ever being spliced into a fragment. */
export function sqlName(name: string): string {
  if (!SQL_NAME.test(name)) throw new Error(`Only a placeholder or a column name goes into booking SQL, not ${JSON.stringify(name)}`)
  return name
}

/**
 * The hours of a date (with the kitchen's last orders and its booking services) and the bookings holding seats at `now`, summed per start time (the
 * capacity rules only add up guests by start time, and a busy Saturday's
 * hundred bookings become a dozen rows), for SQL naming the date and weekday.
 * With `starts` (SQL naming two times), only bookings starting between them,
 * inclusive: a booking needs no more (startsThatMatter), and fewer rows read
 * under the date lock make a shorter wait for the next booking of the date.
 */
export function dayColumns(date: string, dayOfWeek: string, now: string, exceptId = 'null', starts?: { from: string; to: string }) {
  return `${hoursColumns(date, dayOfWeek)},${bookingsColumn(date, now, exceptId, starts)}`
}

// A row of opening_hours and of hour_exceptions as JSON (WeeklyHours, DateException of common/availability.ts).
const WEEKLY_JSON = `json_build_object('dayOfWeek', day_of_week, 'openTime', open_time,
     'closeTime', close_time, 'isClosed', is_closed, 'lastOrdersTime', last_orders_time, 'services', services)`
const EXCEPTION_JSON = `json_build_object('date', date, 'openTime', open_time,
     'closeTime', close_time, 'isClosed', is_closed, 'lastOrdersTime', last_orders_time, 'services', services)`

/** The hours of a date (its weekday's and its own exception's), for SQL naming the date and weekday. */
function hoursColumns(date: string, dayOfWeek: string) {
  ;[date, dayOfWeek].forEach(sqlName)
  return `
  (select coalesce(json_agg(${WEEKLY_JSON}), '[]'::json) from opening_hours where day_of_week = ${dayOfWeek}) as weekly,
  (select coalesce(json_agg(${EXCEPTION_JSON}), '[]'::json) from hour_exceptions where date = ${date}) as exceptions`
}

/** The bookings of a date holding seats at `now`, summed per start time (see dayColumns). */
function bookingsColumn(date: string, now: string, exceptId: string, starts?: { from: string; to: string }) {
  ;[date, now, exceptId, starts?.from ?? 'null', starts?.to ?? 'null'].forEach(sqlName)
  const within = starts ? ` and start_time between ${starts.from} and ${starts.to}` : ''
  return `
  (select coalesce(json_agg(json_build_object('startTime', start_time, 'partySize', guests, 'freed', freed)), '[]'::json)
     from (select start_time, ${FREED_MINUTE(date)} as freed, sum(party_size)::int as guests from reservations
           where date = ${date}${within} and ${ACTIVE} and ${holdsAt(now)} and id is distinct from ${exceptId}
           group by start_time, freed) booked) as bookings`
}

/**
 * The tables' side of a date (issue 34), for SQL naming the date, two times and
 * the fallback turn time: the areas closed that date, and the active holds on
 * tables that overlap [date from, date to + the longest turn time of any rule)
 * (holdsColumn).
 */
export function tablesDayColumns(date: string, from: string, to: string, fallback: string, now: string, exceptId = 'null', named = false) {
  const longest = `greatest((select max(duration_minutes) from turn_times), ${sqlName(fallback)})`
  return `${closedAreasColumn(date)},${holdsColumn(date, from, to, longest, now, { exceptId, named })}`
}

/**
 * Whether an area (its alias `a`) is out of its season on a date (SQL naming a 'YYYY-MM-DD' text): the months
 * season_from to season_to, which may run over the new year (common/tables.ts inSeason, the rule's other copy).
 */
const outOfSeason = (date: string) => `(a.season_from is not null and case when a.season_from <= a.season_to
    then substr(${date}, 6, 2)::int not between a.season_from and a.season_to
    else substr(${date}, 6, 2)::int between a.season_to + 1 and a.season_from - 1 end)`

/** The areas closed on a date (weather: area_closures; or out of their season), for SQL naming the date. */
function closedAreasColumn(date: string) {
  return `
  (select coalesce(json_agg(area_id), '[]'::json) from (
     select area_id from area_closures where date = ${sqlName(date)}
     union all select a.id from areas a where ${outOfSeason(`${sqlName(date)}::text`)}) closed) as "closedAreaIds"`
}

/**
 * The active holds on tables that overlap [date from, date to + reach minutes),
 * as minutes after the date's midnight (a hold from the evening before starts
 * below 0), for SQL naming the date, the two times, `reach` (SQL, already
 * built) and the app's clock. The range lets a booking read only the holds its
 * own visit can meet; the index of active holds by time finds them
 * (migration 0013). A large party's request that its guest did not confirm in
 * time holds no table at `now` (releaseLapsedTablesQuery). With `named`, each
 * hold also carries its booking's name, party and times, for staff's
 * messages. With `lapsedReleased` (the batch, which released the date's lapsed
 * holds under its lock in the same transaction) only the holds of the dates
 * either side are checked for that. `compact`: each hold as an array,
 * [tableId, reservationId, start, end] (holdOf), cheaper to build and to parse
 * than an object.
 */
function holdsColumn(
  date: string,
  from: string,
  to: string,
  reach: string,
  now: string,
  options: { exceptId?: string; named?: boolean; lapsedReleased?: boolean; compact?: boolean } = {},
) {
  const exceptId = options.exceptId ?? 'null'
  ;[date, from, to, now, exceptId].forEach(sqlName)
  const start = `(extract(epoch from lower(h.during) - ${date}::text::timestamp) / 60)::int`
  const end = `(extract(epoch from upper(h.during) - ${date}::text::timestamp) / 60)::int`
  const who = options.named ? `, 'name', r.name, 'partySize', r.party_size, 'startTime', r.start_time, 'date', r.date, 'visitState', r.visit_state` : ''
  const hold = options.compact
    ? `json_build_array(h.table_id, h.reservation_id, ${start}, ${end})`
    : `json_build_object('tableId', h.table_id, 'reservationId', h.reservation_id,
     'start', ${start},
     'end', ${end}${who})`
  const join = options.named ? ' join reservations r on r.id = h.reservation_id' : ''
  return `
  (select coalesce(json_agg(${hold}), '[]'::json)
     from reservation_tables h${join}
     where h.active and h.reservation_id is distinct from ${exceptId}
       and (${options.lapsedReleased ? `h.date = ${date} or ` : ''}not exists (select 1 from reservations lapsed where lapsed.id = h.reservation_id and not ${holdsAt(now)}))
       and h.during && tsrange((${date}::text || ' ' || ${from}::text)::timestamp, (${date}::text || ' ' || ${to}::text)::timestamp
         + make_interval(mins => ${reach}))) as holds`
}

/** A hold as holdsColumn's `compact` form gives it. */
export type CompactHold = [tableId: number, reservationId: number, start: number, end: number]
export const holdOf = ([tableId, reservationId, start, end]: CompactHold): TableHold => ({ tableId, reservationId, start, end })

/** The floor plan and turn times (common/tables.ts FloorPlan), each as one JSON column: a handful of small tables. */
export const PLAN_COLUMNS = `
  (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'sortOrder', sort_order,
     'onlineBookable', online_bookable, 'isActive', is_active,
     'season', case when season_from is null then null else json_build_object('from', season_from, 'to', season_to) end)), '[]'::json) from areas) as areas,
  (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'areaId', area_id, 'minCovers', min_covers,
     'maxCovers', max_covers, 'onlineBookable', online_bookable, 'isActive', is_active, 'sortOrder', sort_order,
     'outOfUseFrom', out_of_use_from)), '[]'::json)
     from dining_tables) as tables,
  (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'areaId', c.area_id, 'minCovers', c.min_covers,
     'maxCovers', c.max_covers, 'onlineBookable', c.online_bookable, 'isActive', c.is_active, 'sortOrder', c.sort_order,
     'outOfUseFrom', c.out_of_use_from,
     'tableIds', (select coalesce(json_agg(m.table_id order by m.table_id), '[]'::json) from table_combination_members m
                  where m.combination_id = c.id))), '[]'::json)
     from table_combinations c) as combinations,
  (select coalesce(json_agg(json_build_object('minParty', min_party, 'maxParty', max_party,
     'durationMinutes', duration_minutes, 'weekday', weekday) order by id), '[]'::json) from turn_times) as "turnTimes"`

/** The floor plan, read once per booking batch. */
export function planQuery(): pg.QueryConfig {
  return { name: 'reservations-floor-plan', text: PLAN_TEXT, values: [] }
}
const PLAN_TEXT = `select ${PLAN_COLUMNS}`

/** An active booking of an email at a date and time (at most one row), other than `exceptId`, for SQL naming them. */
export function heldSlotSql(email: string, date: string, startTime: string, exceptId = 'null') {
  ;[email, date, startTime, exceptId].forEach(sqlName)
  return `select id from reservations where lower(email) = lower(${email})
    and date = ${date} and start_time = ${startTime} and ${ACTIVE} and id is distinct from ${exceptId} limit 1`
}

/**
 * How many active bookings made on the public form (client_key set; staff's are
 * neither limited nor counted) a guest already has on a date: by email, by
 * phone (phone_key) and by the address they booked from (client_key), for SQL
 * naming them. Each is one probe of its key's own index, (key, date), over
 * every booking (`reservations_guest_{email,phone,client}_idx`, migrations
 * 0019 and 0025), whatever the statistics say: "active" and "made on the
 * public form" are the count's filter, checked on the key's few rows of the
 * date, not conditions of the read. As conditions they let the partial
 * covering index (active bookings, by date) serve the read, and statistics
 * taken while the table was nearly empty, or while every booking was staff's,
 * made a walk through a whole date of it, or the whole of it, look as cheap as
 * the key's probe: the bench's batches read about 160 entries a booking that
 * way, and up to 6,000 (tests/api/database.test.ts plans both cases).
 */
export function guestCountsSql(email: string, date: string, phone: string, client: string) {
  ;[email, date, phone, client].forEach(sqlName)
  const count = (name: string) => `count(*) filter (where ${ACTIVE} and client_key is not null)::int as ${name}`
  return `left join lateral (select ${count('by_email')} from reservations where lower(email) = lower(${email}) and date = ${date}) by_email on true
    left join lateral (select ${count('by_phone')} from reservations where phone_key = ${phone} and date = ${date}) by_phone on true
    left join lateral (select ${count('by_client')} from reservations where client_key = ${client} and date = ${date}) by_client on true`
}
const GUEST_COUNT_COLUMNS = 'by_email.by_email, by_phone.by_phone, by_client.by_client'

/** Whether an email already holds an active booking at a date and time, for SQL naming them. */
export function duplicateColumn(email: string, date: string, startTime: string) {
  return `exists(${heldSlotSql(email, date, startTime)}) as duplicate`
}

/** Joins `replay` (the reservation an idempotency key created) for SQL naming the key: an index probe per key. */
export function replayJoin(key: string) {
  return `left join lateral (select * from reservations where idempotency_key = ${sqlName(key)} limit 1) replay on true`
}

/** The replay_<field> columns of a row as a reservation, or undefined when there is none. */
export function replayFrom(row: Record<string, unknown>): Reservation | undefined {
  if (row.replay_id === null || row.replay_id === undefined) return undefined
  const replay: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(row)) if (name.startsWith('replay_')) replay[name.slice(7)] = value
  return replay as Reservation
}

/** Locks dates (given sorted, so two transactions never wait on each other in a circle). */
export function lockDatesQuery(dates: string[]): pg.QueryConfig {
  return {
    name: 'reservations-lock-dates',
    text: 'select pg_advisory_xact_lock($1, hashtext(d)) is null as locked from unnest($2::text[]) as d',
    values: [DATE_LOCK_NAMESPACE, dates],
  }
}

/** A date's hours, bookings, tables' holds and the floor plan, for the availability of any party size. */
export function dayDataQuery(date: string, dayOfWeek: number, now: Date, fallbackMinutes = 120): pg.QueryConfig {
  return { name: 'reservations-day-data', text: DAY_DATA_TEXT, values: [date, dayOfWeek, now, fallbackMinutes, '00:00', '23:59'] }
}
const DAY_DATA_TEXT = `select ${dayColumns('$1', '$2', '$3::timestamptz')}, ${tablesDayColumns('$1', '$5', '$6', '$4::int', '$3::timestamptz')}, ${PLAN_COLUMNS}`

/**
 * A date's hours, bookings, tables' holds (with their bookings' names, for
 * staff) and the floor plan, with one booking's own seats and tables left out
 * (a staff edit or a guest's move of it), the whole day.
 */
export function dayWithoutQuery(date: string, dayOfWeek: number, exceptId: number | null, now: Date, fallbackMinutes = 120): pg.QueryConfig {
  return { text: DAY_WITHOUT_TEXT, values: [date, dayOfWeek, exceptId, now, fallbackMinutes, '00:00', '23:59'] }
}
const DAY_WITHOUT_TEXT = `select ${dayColumns('$1', '$2', '$4::timestamptz', '$3::int')}, ${tablesDayColumns('$1', '$6', '$7', '$5::int', '$4::timestamptz', '$3::int', true)}, ${PLAN_COLUMNS}`

/** The active booking an email holds at a date and time other than `exceptId` (a guest's move). */
export function heldSlotQuery(email: string, date: string, startTime: string, exceptId: number): pg.QueryConfig {
  return { text: HELD_SLOT_TEXT, values: [email, date, startTime, exceptId] }
}
const HELD_SLOT_TEXT = heldSlotSql('$1', '$2', '$3', '$4::int')

/**
 * Statements sent between these two are planned for their own values at every
 * run, also when named (prepared once per connection: parsed and analysed
 * once). Left to itself PostgreSQL may keep a generic plan after five runs, and
 * one made while a table was small read whole dates from the heap for the rest
 * of the connection's life (decisions 18, 36 and 37). Inside a transaction only, and only
 * around the statements that need it: the foreign keys' checks of the inserts
 * that follow are prepared statements too, and keep their generic plans.
 */
export const CUSTOM_PLANS = 'set local plan_cache_mode = force_custom_plan'
export const DEFAULT_PLANS = 'set local plan_cache_mode to default'

/**
 * A batch's days, one row per date: the bookings from the earliest start its
 * bookings need to the latest (`from`, `to`), and the tables' holds their
 * visits can meet: from the first one's start to the last one's plus `reach`
 * minutes (the longest turn time of the date's parties, reachFor of
 * booking-batch.ts), compact (holdOf). Named, and sent between CUSTOM_PLANS
 * and DEFAULT_PLANS: planned for each batch's own dates (migration 0006 has
 * the rest). The hours and closures of the dates come once for the batch
 * (batchHoursQuery).
 */
export function batchDaysQuery(
  dates: string[],
  from: string[],
  to: string[],
  now: Date,
  // The first and last start of the date's bookings in the batch, and how far past the last their holds read reaches.
  // `paced`: the last minute of the last one's pacing slot (a venue that books tables reads only the bookings starting
  // from the first to there, see below).
  visits: { first: string[]; last: string[]; reach: number[]; paced: string[] },
): pg.QueryConfig {
  return {
    name: 'reservations-batch-days',
    text: BATCH_DAYS_TEXT,
    values: [dates, from, to, now, visits.first, visits.last, visits.reach, visits.paced],
  }
}
/**
 * Whether the venue books tables (common/tables.ts preparePlan: an active table
 * in an active area). Then a booking's only rule over the date's bookings is
 * the pacing of its own slot (booking-decision.ts tablesDecision), so the batch
 * reads the bookings starting in its bookings' own slots, not every start their
 * covers could meet: on a busy date a ninth of the rows. Read in the same
 * statement as the bookings, and returned (`paceOnly`), so the batch can tell
 * if the plan it read in its other statement disagrees (a table switched on or
 * off between the two) and try again.
 */
const BOOKS_TABLES = `exists (select 1 from dining_tables bt join areas ba on ba.id = bt.area_id where bt.is_active and ba.is_active)`
// (A materialised CTE, so the plan is read once a statement: as a subquery of the lateral, the planner copied it into each use.)
const BATCH_DAYS_TEXT = `with tables as materialized (select ${BOOKS_TABLES} as yes)
      select d as date, w.pace_only as "paceOnly", ${bookingsColumn('d', '$4::timestamptz', 'null', { from: 'w.from_time', to: 'w.to_time' })}, ${holdsColumn('d', 'vf', 'vl', 'reach', '$4::timestamptz', { lapsedReleased: true, compact: true })}
        from tables cross join unnest($1::text[], $2::text[], $3::text[], $5::text[], $6::text[], $7::int[], $8::text[]) as x(d, f, t, vf, vl, reach, pt)
        cross join lateral (select tables.yes as pace_only, case when tables.yes then vf else f end as from_time, case when tables.yes then pt else t end as to_time) w`

/**
 * The hours of a batch's dates (their weekdays' and their own exceptions') and
 * the areas closed on them, once for the batch: small tables, read by key.
 */
export function batchHoursQuery(dates: string[], weekdays: number[]): pg.QueryConfig {
  return { name: 'reservations-batch-hours', text: BATCH_HOURS_TEXT, values: [dates, weekdays] }
}
const BATCH_HOURS_TEXT = `select
  (select coalesce(json_agg(${WEEKLY_JSON}), '[]'::json) from opening_hours where day_of_week = any($2::int[])) as weekly,
  (select coalesce(json_agg(${EXCEPTION_JSON}), '[]'::json) from hour_exceptions where date = any($1::text[])) as exceptions,
  (select coalesce(json_agg(json_build_object('date', date, 'areaId', area_id)), '[]'::json) from (
     select date, area_id from area_closures where date = any($1::text[])
     union all select d, a.id from unnest($1::text[]) d cross join areas a where ${outOfSeason('d')}) closed) as closures`

/**
 * Lets go of the tables held by large parties' requests that their guests did
 * not confirm in time (the hold ran out by `now`: docs/decisions/0021). Sent
 * right after the dates' lock by every path that seats bookings, so none is
 * refused by the exclusion constraint over a request that no longer holds
 * its seats. Such a request stays a request without a table: the guest's late
 * confirmation, or staff, seat it.
 */
export function releaseLapsedTablesQuery(dates: string[], now: Date): pg.QueryConfig {
  // Unnamed: planned for its dates every time. Named, it ran a plan cached early on (no planning in the statistics):
  // 79 µs of the database's time a booking in the bench to delete nothing, against 15-22 µs planned each time; and a
  // generic plan can read every pending booking of every date by status (decision 36's addendum).
  return { text: RELEASE_LAPSED_TEXT, values: [dates, now] }
}
// From the dates' pending bookings (reservations_date_status_idx) to their holds (the key's first column): a lapsed
// request is pending, so the statement reads a few rows, not every hold of the dates.
const RELEASE_LAPSED_TEXT = `delete from reservation_tables h using reservations r
  where r.date = any($1::text[]) and r.status = 'pending' and not ${holdsAt('$2::timestamptz')}
    and h.reservation_id = r.id and h.active`

/** Links a booking's tables to it (the triggers of migration 0009 fill in their date, time and state). */
export function insertReservationTablesQuery(pairs: { reservationId: number; tableId: number }[]): pg.QueryConfig {
  return {
    name: 'reservation-tables-insert',
    text: 'insert into reservation_tables (reservation_id, table_id) select * from unnest($1::int[], $2::int[])',
    values: [pairs.map((p) => p.reservationId), pairs.map((p) => p.tableId)],
  }
}

/**
 * Each booking of a batch, in order: whether its guest already holds the
 * slot, and the reservation its Idempotency-Key created. Lateral lookups, so
 * each check is an index probe (as a plain join the planner hashed the whole
 * reservations table for every batch). Named, and sent between CUSTOM_PLANS and
 * DEFAULT_PLANS, as batchDaysQuery.
 */
export function batchChecksQuery(
  emails: string[],
  dates: string[],
  times: string[],
  keys: (string | null)[],
  phones: string[],
  clients: string[],
): pg.QueryConfig {
  return { name: 'reservations-batch-checks', text: BATCH_CHECKS_TEXT, values: [emails, dates, times, keys, phones, clients] }
}
const BATCH_CHECKS_TEXT = `select held.id is not null as duplicate, ${GUEST_COUNT_COLUMNS}, ${REPLAY_COLUMNS}
        from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) with ordinality as x(email, d, t, key, phone, client, n)
        left join lateral (${heldSlotSql('x.email', 'x.d', 'x.t')}) held on true
        ${guestCountsSql('x.email', 'x.d', 'x.phone', 'x.client')}
        ${replayJoin('x.key')} order by x.n`

/** An event booking's reads: the guests booked on the event, the guest's duplicate check and the key's replay. */
export function eventReadsQuery(
  date: string,
  eventId: number,
  email: string,
  startTime: string,
  key: string | null,
  guest: { phone: string; client: string },
): pg.QueryConfig {
  return { name: 'reservations-event-booking-reads', text: EVENT_READS_TEXT, values: [date, eventId, email, startTime, key, guest.phone, guest.client] }
}
const EVENT_READS_TEXT = `select (select coalesce(sum(party_size), 0)::int from reservations where event_id = $2 and ${ACTIVE}) as covers,
          ${duplicateColumn('$3', '$1', '$4')}, ${GUEST_COUNT_COLUMNS}, ${REPLAY_COLUMNS} from (select 1) as one
          ${guestCountsSql('$3', '$1', '$6', '$7')} ${replayJoin('$5')}`

/** The reservation an Idempotency-Key created, if any. */
export function byIdempotencyKeyQuery(key: string): pg.QueryConfig {
  return { name: 'reservations-by-idempotency-key', text: BY_KEY_TEXT, values: [key] }
}
const BY_KEY_TEXT = `select ${RESERVATION_FIELDS} from reservations where idempotency_key = $1`

/**
 * Read in a booking transaction's first round trip: ids for the reservations
 * it may insert, and the transaction's clock (the created_at its rows get).
 * With them the rows to insert are known whole before the insert, so the
 * statements that commit with them (their emails) go in the same round trip.
 */
export type InsertIds = { ids: number[]; at: Date }

/** Takes `count` reservation ids and the transaction's clock (see InsertIds). An id left unused is a gap, as after a rollback. */
export function reserveIdsQuery(count: number): pg.QueryConfig {
  return {
    name: 'reservations-reserve-ids',
    text: `select now() as at,
      array(select nextval(pg_get_serial_sequence('reservations', 'id'))::int from generate_series(1, $1)) as ids`,
    values: [count],
  }
}

/** A reservation to insert: every column the booking sets, as the table defines it. */
export type NewReservation = Required<
  Omit<
    typeof reservations.$inferInsert,
    | 'id'
    | 'createdAt'
    | 'updatedAt'
    | 'reviewEmailSentAt'
    | 'reminderSentAt'
    | 'createdBy'
    | 'changedBy'
    | 'changedAt'
    | 'version'
    | 'guestConfirmedAt'
    // A booking is made expected; staff move its visit on the night (server/reservations/visits.ts).
    | 'visitState'
    | 'arrivedAt'
    | 'seatedAt'
    | 'finishedAt'
    | 'noShowAt'
    | 'freedAt'
    | 'guestId'
  >
>

/**
 * A reservation as insertReservationsQuery inserts it, with its id, in a
 * transaction whose clock reads `at`: the row its emails are written from and
 * the guest is answered with (tests/api/reservations.test.ts compares it with
 * the row read back).
 */
export function asInserted(r: NewReservation, id: number, at: Date): Reservation {
  // Field by field, not `{ ...r, id, ... }`: in V8 11 (Node 20) a literal that spreads an object and then
  // adds properties takes a slow path, about 15 µs here, and under load leaves garbage in the old
  // generation (docs/decisions/0017-v8-pretenuring.md). The return type keeps the list complete.
  return {
    id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    date: r.date,
    startTime: r.startTime,
    partySize: r.partySize,
    additionalInfo: r.additionalInfo,
    foodDrinks: r.foodDrinks,
    receiveOffers: r.receiveOffers,
    status: r.status,
    eventId: r.eventId,
    idempotencyKey: r.idempotencyKey,
    idempotencyFingerprint: r.idempotencyFingerprint,
    durationMinutes: r.durationMinutes,
    holdUntil: r.holdUntil,
    guestConfirmedAt: null,
    phoneKey: r.phoneKey,
    clientKey: r.clientKey,
    source: r.source,
    // Set from the insert's answer (insertAndCommit): the guest is upserted by the same statement.
    guestId: null,
    createdAt: at,
    updatedAt: at,
    reviewEmailSentAt: null,
    reminderSentAt: null,
    createdBy: 'guest',
    changedBy: null,
    changedAt: null,
    version: 1,
    visitState: 'expected',
    arrivedAt: null,
    seatedAt: null,
    finishedAt: null,
    noShowAt: null,
    freedAt: null,
  }
}

/**
 * Inserts reservations with the ids reserved for them, and, in the same
 * statement, their guests and marketing consents (issue 37): one upsert of
 * the batch's guests by normalised email (the latest booking's name and phone
 * win; in key order, so two batches sharing guests lock them in one order and
 * never deadlock), each reservation linked to its guest, and a 'given' consent
 * row, with the wording the form showed and the address's keyed hash, for each
 * booking whose box was ticked. Only the ids and guest ids are read back: the
 * caller holds each row as inserted (asInserted), and reading ~20 columns of
 * every row back only made PostgreSQL send them and Node parse them again.
 * The rows go as one JSON parameter: node-postgres escapes every element of an
 * array parameter with two regular expressions, JSON.stringify does it natively.
 */
export function insertReservationsQuery(rows: (NewReservation & { id: number })[], consentWording: string): pg.QueryConfig {
  return {
    name: 'reservations-insert',
    text: `with r as (select * from json_to_recordset($1::json) as r("id" int, "name" text, "email" text, "phone" text, "date" text,
        "startTime" text, "partySize" int, "additionalInfo" text, "foodDrinks" text, "receiveOffers" bool, "status" text,
        "eventId" int, "idempotencyKey" text, "idempotencyFingerprint" text, "holdUntil" timestamptz, "phoneKey" text, "clientKey" text, "durationMinutes" int, "source" text)),
      g as (insert into guests (email_key, email, name, phone, phone_key)
        select distinct on (lower(btrim(r.email))) lower(btrim(r.email)), btrim(r.email), r.name, r.phone, r."phoneKey" from r
        where length(btrim(r.email)) > 0 order by lower(btrim(r.email)), r.id desc
        on conflict (email_key) do update set email = excluded.email, name = excluded.name, phone = excluded.phone,
          phone_key = excluded.phone_key, updated_at = now()
        returning id, email_key),
      c as (insert into consent_records (guest_id, action, place, wording, address_hash)
        select g.id, 'given', case when r."eventId" is null then 'booking_form' else 'event_dialog' end, $2, r."clientKey"
        from r join g on g.email_key = lower(btrim(r.email)) where r."receiveOffers")
      insert into reservations (id, name, email, phone, date, start_time, party_size, additional_info,
        food_drinks, receive_offers, status, event_id, idempotency_key, idempotency_fingerprint, hold_until, phone_key, client_key, duration_minutes, source, guest_id)
      select r.*, g.id from r left join g on g.email_key = lower(btrim(r.email))
      returning id, guest_id as "guestId"`,
    // json_to_recordset takes the keys its column list names and ignores any others a row has.
    values: [JSON.stringify(rows), consentWording],
  }
}

/** Records marketing opt-ins (first opt-in kept, last reservation updated, a past unsubscribe lifted). */
export function marketingConsentsQuery(consents: { email: string; name: string }[]): pg.QueryConfig {
  // One row per address: an upsert may not touch the same row twice.
  const byEmail = new Map(consents.map((c) => [c.email.toLowerCase(), c]))
  return {
    name: 'marketing-consents-upsert',
    text: `insert into marketing_consents (email, name, source, last_reservation)
      select email, name, 'booking', now() from unnest($1::text[], $2::text[]) as c(email, name)
      on conflict (lower(email)) do update set
        name = excluded.name, last_reservation = now(), unsubscribed_at = null`,
    values: [[...byEmail.values()].map((c) => c.email), [...byEmail.values()].map((c) => c.name)],
  }
}
