import type pg from 'pg'
import {
  GUEST_MESSAGES as M,
  GUESTS_PAGE_SIZE,
  type AdminGuest,
  type AdminGuestSummary,
  type GuestCardLine,
  type GuestList,
  type GuestPatch,
} from '#common/guests-schema'
import { GUEST_RETENTION_MONTHS_DEFAULT, GUEST_RETENTION_SETTING, emailKeyOf, type GuestCounts } from '#common/guests'
import { minutesToTime, zonedParts } from '#common/time'
import { audit, changedFields, SYSTEM, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import { anonymiseGuests } from './erasure'

/** How many guests the retention job anonymises per transaction. */
const RETENTION_BATCH = 100

const GUEST_COLUMNS = `g.id, g.name, g.email, g.phone, g.tags, g.allergies, g.erased_at is not null as erased, g.updated_at as "updatedAt",
  g.notes, g.allergy_notes as "allergyNotes", g.version, g.created_at as "createdAt"`

/**
 * A guest's counts, derived when read (never stored), for SQL naming the guest's id, the venue's local
 * 'YYYY-MM-DD HH:MM' now, and its time zone. A visit is a booking finished on the night, or confirmed and
 * past without being marked a no-show; a cancellation counts when the guest made it (reservation
 * history's actor), a late one within 2 hours of the booking's time.
 */
export const countsSql = (guestId: string, localNow: string, timeZone: string) => `(
  select json_build_object('visits', count(*) filter (where v.visit), 'covers', coalesce(sum(r.party_size) filter (where v.visit), 0),
    'noShows', count(*) filter (where r.visit_state = 'no_show'),
    'cancellations', count(*) filter (where c.by_guest), 'lateCancellations', count(*) filter (where c.late),
    'firstVisit', min(r.date) filter (where v.visit), 'lastVisit', max(r.date) filter (where v.visit))
  from reservations r
  cross join lateral (select r.visit_state = 'finished' or (r.status = 'confirmed' and r.visit_state <> 'no_show'
    and (r.date || ' ' || r.start_time) < ${localNow}) as visit) v
  left join lateral (select true as by_guest,
      h.at > ((r.date || ' ' || r.start_time)::timestamp at time zone ${timeZone}) - interval '2 hours' as late
    from reservation_history h where h.reservation_id = r.id and h.kind = 'cancelled' and h.actor = 'guest'
    order by h.at desc limit 1) c on r.status = 'cancelled'
  where r.guest_id = ${guestId})`

/** The text staff search reads: a stored column of migration 0023 (name, email, phone key and digits) under a trigram index. */
const GUEST_SEARCH_TEXT = 'g.search_text'
const SUMMARY_COLUMNS = `g.id, g.name, g.email, g.phone, g.tags, g.allergies, false as erased, g.updated_at as "updatedAt"`

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

/** Escapes LIKE's wildcards in what staff typed. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Guest profiles (issue 37): staff search, a profile with its derived counts
 * and everything linked to it, notes/allergies/tags at the version read,
 * the subject access export, erasure, merging two profiles of one person,
 * and the retention job. Every change writes its audit row in its transaction.
 */
export function createGuestsService({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const timeZone = config.venueTimezone
  const localNow = () => {
    const { date, minutes } = zonedParts(clock.now(), timeZone)
    return `${date} ${minutesToTime(minutes)}`
  }
  const transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    inTransaction(db, async (client, end) => {
      await client.query('begin')
      const result = await work(client)
      await end.commit()
      return result
    })

  async function profile(client: Pick<pg.ClientBase, 'query'>, id: number): Promise<AdminGuest> {
    const { rows } = await client.query({
      text: `select ${GUEST_COLUMNS}, ${countsSql('g.id', '$2', '$3')} as counts,
        coalesce((select json_agg(b order by b.date desc, b."startTime" desc, b.id desc) from (
          select r.id, r.date, r.start_time as "startTime", r.party_size as "partySize", r.status, r.visit_state as "visitState", r.source,
            1 + count(*) filter (where r.visit_state = 'finished' or (r.status = 'confirmed' and r.visit_state <> 'no_show'
              and (r.date || ' ' || r.start_time) < $2)) over (order by r.date, r.start_time, r.id rows between unbounded preceding and 1 preceding)
              as "visitNumber"
          from reservations r where r.guest_id = g.id) b), '[]') as bookings,
        coalesce((select json_agg(json_build_object('id', e.id, 'eventTitle', e.event_title, 'eventDate', e.event_date,
          'partySize', e.party_size, 'status', e.status, 'createdAt', e.created_at) order by e.created_at desc)
          from event_enquiries e where e.guest_id = g.id), '[]') as enquiries,
        coalesce((select json_agg(json_build_object('id', o.id, 'templateKey', o.template_key, 'subject', o.subject,
          'status', o.status, 'sentAt', o.sent_at, 'createdAt', o.created_at) order by o.created_at desc, o.id desc)
          from email_outbox o where g.email_key is not null and lower(o.to_address) = g.email_key), '[]') as emails,
        coalesce((select json_agg(json_build_object('id', c.id, 'action', c.action, 'place', c.place, 'wording', c.wording, 'at', c.at)
          order by c.id desc) from consent_records c where c.guest_id = g.id), '[]') as consents
      from guests g where g.id = $1`,
      values: [id, localNow(), timeZone],
    })
    const row = rows[0] as (AdminGuest & { updatedAt: Date; createdAt: Date }) | undefined
    if (!row) throw new NotFoundError(M.notFound)
    return {
      ...row,
      updatedAt: iso(row.updatedAt)!,
      createdAt: iso(row.createdAt)!,
      bookings: row.bookings.map((b) => ({ ...b, visitNumber: Number(b.visitNumber) })),
    }
  }

  async function lockGuest(client: Pick<pg.ClientBase, 'query'>, id: number) {
    const { rows } = await client.query<{ id: number; email: string | null; name: string; version: number; erased: boolean; notes: string; allergies: string[]; allergyNotes: string; tags: string[] }>(
      `select id, email, name, version, erased_at is not null as erased, notes, allergies, allergy_notes as "allergyNotes", tags
       from guests where id = $1 for update`,
      [id],
    )
    if (!rows[0]) throw new NotFoundError(M.notFound)
    return rows[0]
  }

  async function retentionMonths(client: Pick<pg.ClientBase, 'query'> = db.$client): Promise<number> {
    const { rows } = await client.query<{ v: string }>('select setting_value as v from site_settings where setting_key = $1', [GUEST_RETENTION_SETTING])
    const months = rows[0] && /^\d{1,3}$/.test(rows[0].v) ? Number(rows[0].v) : GUEST_RETENTION_MONTHS_DEFAULT
    return months > 0 ? months : GUEST_RETENTION_MONTHS_DEFAULT
  }

  return {
    /**
     * Staff search by name, email or phone (any part of any of them; a phone's
     * digits however typed), 50 a page with the whole count. A search reads the
     * trigram index of GUEST_SEARCH_TEXT; no search, the most recently seen first.
     */
    async list(q: string, page: number): Promise<GuestList> {
      const text = q.trim().toLowerCase()
      const digits = text.replace(/\D/g, '').replace(/^0/, '')
      const search = text !== ''
      const where = search ? `and (${GUEST_SEARCH_TEXT} like $1 or (length($2) >= 4 and ${GUEST_SEARCH_TEXT} like $3))` : ''
      const params = search ? [`%${likeText(text)}%`, digits, `%${digits}%`] : []
      // A search puts names that start with it first; no search, the most recently seen first.
      const order = search ? `(lower(g.name) like $4) desc, g.updated_at desc, g.id desc` : 'g.updated_at desc, g.id desc'
      const pageParams = search ? [...params, `${likeText(text)}%`] : []
      const n = pageParams.length
      const from = `from guests g where g.erased_at is null ${where}`
      const paged = `order by ${order} limit $${n + 1} offset $${n + 2}`
      const paging = [...pageParams, GUESTS_PAGE_SIZE, (page - 1) * GUESTS_PAGE_SIZE]
      const countAll = async () => (await db.$client.query<{ n: number }>(`select count(*)::int as n ${from}`, params)).rows[0]!.n
      type Row = AdminGuestSummary & { updatedAt: Date; total?: number }
      let rows: Row[]
      let total: number
      if (search) {
        // The page and the whole count from one scan of the trigram index (counting in a second scan was half
        // of a search's time). A page past the end has no row to carry the count, so it counts apart.
        ;({ rows } = await db.$client.query<Row>(`select ${SUMMARY_COLUMNS}, count(*) over ()::int as total ${from} ${paged}`, paging))
        total = rows[0]?.total ?? (page === 1 ? 0 : await countAll())
      } else {
        // No search: the page from guests_updated_idx, counted apart (a count over it would read every guest).
        const [listed, counted] = await Promise.all([db.$client.query<Row>(`select ${SUMMARY_COLUMNS} ${from} ${paged}`, paging), countAll()])
        rows = listed.rows
        total = counted
      }
      return {
        guests: rows.map(({ total: _total, updatedAt, ...g }) => ({ ...g, updatedAt: iso(updatedAt)! })),
        total,
        page,
        pageSize: GUESTS_PAGE_SIZE,
      }
    },

    get: (id: number) => profile(db.$client, id),

    /**
     * The compact line of each booking's card, by booking id: which visit it is
     * (the guest's visits before it, plus one), their no-shows, allergies and
     * tags. Bookings without a guest, or of an erased one, are left out.
     */
    async cardLines(reservationIds: number[]): Promise<Record<string, GuestCardLine>> {
      const { rows } = await db.$client.query<GuestCardLine & { reservationId: number }>({
        text: `select r.id as "reservationId", g.id as "guestId", 1 + o.visits as "visitNumber", o.no_shows as "noShows",
            g.allergies, g.allergy_notes as "allergyNotes", g.tags
          from reservations r join guests g on g.id = r.guest_id and g.erased_at is null
          cross join lateral (select
              count(*) filter (where (x.visit_state = 'finished' or (x.status = 'confirmed' and x.visit_state <> 'no_show'
                and (x.date || ' ' || x.start_time) < $2)) and (x.date, x.start_time, x.id) < (r.date, r.start_time, r.id))::int as visits,
              count(*) filter (where x.visit_state = 'no_show')::int as no_shows
            from reservations x where x.guest_id = r.guest_id) o
          where r.id = any($1::int[])`,
        values: [reservationIds, localNow()],
      })
      return Object.fromEntries(rows.map(({ reservationId, ...line }) => [String(reservationId), line]))
    },

    /** Notes, allergies and tags, at the version read (409 naming who saved in between); an audit row. */
    async update(actor: Actor, id: number, patch: GuestPatch): Promise<AdminGuest> {
      return transaction(async (client) => {
        const before = await lockGuest(client, id)
        if (before.erased) throw new ConflictError(M.erased, 'guest_erased')
        if (patch.version !== before.version) {
          throw await staleVersion(client, { entityType: 'guest', entityId: id, current: await profile(client, id), timeZone })
        }
        const tags = patch.tags ? [...new Set(patch.tags)] : before.tags
        const allergies = patch.allergies ? [...new Set(patch.allergies)] : before.allergies
        const after = {
          notes: patch.notes ?? before.notes,
          allergies,
          allergyNotes: patch.allergyNotes ?? before.allergyNotes,
          tags,
        }
        await client.query(
          `update guests set notes = $2, allergies = $3, allergy_notes = $4, tags = $5, version = version + 1, updated_at = $6 where id = $1`,
          [id, after.notes, after.allergies, after.allergyNotes, after.tags, clock.now()],
        )
        await audit(client, actor, {
          action: 'update',
          entityType: 'guest',
          entityId: id,
          summary: `changed the profile of guest #${id}`,
          ...changedFields({ notes: before.notes, allergies: before.allergies, allergyNotes: before.allergyNotes, tags: before.tags }, after),
        })
        return profile(client, id)
      })
    },

    /**
     * Everything held about a guest, for a subject access request: the profile,
     * their bookings and enquiries whole, the messages sent to them, the consent
     * record and the audit rows about them, with a summary in words. An audit row.
     */
    async exportData(actor: Actor, id: number): Promise<{ fileName: string; body: Record<string, unknown> }> {
      return transaction(async (client) => {
        const guest = await profile(client, id)
        const { rows } = await client.query(
          `select
            coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'email', r.email, 'phone', r.phone, 'date', r.date,
              'startTime', r.start_time, 'partySize', r.party_size, 'additionalInfo', r.additional_info, 'foodDrinks', r.food_drinks,
              'receiveOffers', r.receive_offers, 'status', r.status, 'visitState', r.visit_state, 'source', r.source,
              'createdAt', r.created_at) order by r.date, r.start_time) from reservations r where r.guest_id = $1), '[]') as bookings,
            coalesce((select json_agg(json_build_object('id', e.id, 'eventTitle', e.event_title, 'eventDate', e.event_date,
              'eventTime', e.event_time, 'name', e.name, 'email', e.email, 'phone', e.phone, 'partySize', e.party_size,
              'specialRequests', e.special_requests, 'status', e.status, 'createdAt', e.created_at) order by e.created_at)
              from event_enquiries e where e.guest_id = $1), '[]') as enquiries,
            coalesce((select json_agg(json_build_object('to', o.to_address, 'subject', o.subject, 'text', o.text, 'status', o.status,
              'sentAt', o.sent_at, 'createdAt', o.created_at) order by o.created_at)
              from email_outbox o, guests g where g.id = $1 and g.email_key is not null and lower(o.to_address) = g.email_key), '[]') as emails,
            coalesce((select json_agg(json_build_object('at', a.at, 'by', a.username, 'action', a.action, 'summary', a.summary) order by a.at)
              from audit_log a where (a.entity_type = 'guest' and a.entity_id = $1::text)
                or (a.entity_type = 'reservation' and a.entity_id in (select id::text from reservations where guest_id = $1))
                or (a.entity_type = 'event_enquiry' and a.entity_id in (select id::text from event_enquiries where guest_id = $1))), '[]') as "auditTrail"`,
          [id],
        )
        const held = rows[0] as { bookings: unknown[]; enquiries: unknown[]; emails: unknown[]; auditTrail: unknown[] }
        const c = guest.counts
        const summary = [
          `${guest.name}${guest.email ? ` <${guest.email}>` : ''}${guest.phone ? `, ${guest.phone}` : ''}: a guest since ${guest.createdAt.slice(0, 10)}.`,
          `${held.bookings.length} booking${held.bookings.length === 1 ? '' : 's'}: ${c.visits} visit${c.visits === 1 ? '' : 's'} (${c.covers} guests in all)` +
            `, ${c.noShows} no-show${c.noShows === 1 ? '' : 's'}, ${c.cancellations} cancelled by the guest (${c.lateCancellations} late)` +
            (c.firstVisit ? `; first visit ${c.firstVisit}, last ${c.lastVisit}.` : '.'),
          `${held.enquiries.length} event enquir${held.enquiries.length === 1 ? 'y' : 'ies'}; ${held.emails.length} email${held.emails.length === 1 ? '' : 's'} sent to them.`,
          `Marketing: ${guest.consents[0]?.action === 'given' ? 'consent given' : guest.consents[0] ? 'consent withdrawn' : 'never asked for'} (${guest.consents.length} record${guest.consents.length === 1 ? '' : 's'}).`,
          `Staff notes: ${guest.notes || 'none'}. Allergies: ${[...guest.allergies, guest.allergyNotes].filter(Boolean).join(', ') || 'none recorded'}. Tags: ${guest.tags.join(', ') || 'none'}.`,
        ].join('\n')
        await audit(client, actor, { action: 'export', entityType: 'guest', entityId: id, summary: `exported the data held about guest #${id}` })
        return {
          fileName: `guest-${id}-data.json`,
          body: { exportedAt: clock.now().toISOString(), summary, guest, ...held },
        }
      })
    },

    /** Erases a guest (confirmed by typing their email): everything that names them, in one transaction. */
    async erase(actor: Actor, id: number, confirm: string): Promise<AdminGuest> {
      return transaction(async (client) => {
        const guest = await lockGuest(client, id)
        if (guest.erased) throw new ConflictError(M.erased, 'guest_erased')
        if (!guest.email) throw new ValidationError(M.noEmail, { confirm: M.noEmail })
        if (emailKeyOf(confirm) !== emailKeyOf(guest.email)) throw new ValidationError(M.confirmMismatch, { confirm: M.confirmMismatch })
        const done = await anonymiseGuests(client, [id])
        await audit(client, actor, {
          action: 'erase',
          entityType: 'guest',
          entityId: id,
          summary: `erased guest #${id} (${done.reservations} booking${done.reservations === 1 ? '' : 's'}, ${done.enquiries} enquir${done.enquiries === 1 ? 'y' : 'ies'})`,
        })
        return profile(client, id)
      })
    },

    /**
     * Two profiles of one person: the second's bookings, enquiries and consent
     * rows move to the first, notes, allergies and tags are united, and the
     * second is deleted (a later booking with its email makes a new profile).
     */
    async merge(actor: Actor, keepId: number, mergeId: number): Promise<AdminGuest> {
      return transaction(async (client) => {
        // In id order, as every writer that locks two guests.
        const [first, second] = keepId < mergeId ? [keepId, mergeId] : [mergeId, keepId]
        const a = await lockGuest(client, first)
        const b = await lockGuest(client, second)
        const keep = a.id === keepId ? a : b
        const gone = a.id === keepId ? b : a
        if (keep.erased || gone.erased) throw new ConflictError(M.erased, 'guest_erased')
        const joined = (x: string, y: string) => [x, y].filter((s) => s.trim()).join('\n')
        const merged = {
          notes: joined(keep.notes, gone.notes).slice(0, 2000),
          allergies: [...new Set([...keep.allergies, ...gone.allergies])],
          allergyNotes: joined(keep.allergyNotes, gone.allergyNotes).slice(0, 500),
          tags: [...new Set([...keep.tags, ...gone.tags])],
        }
        const { rows } = await client.query<{ bookings: number; enquiries: number }>(
          `with b as (update reservations set guest_id = $1 where guest_id = $2 returning 1),
            e as (update event_enquiries set guest_id = $1 where guest_id = $2 returning 1),
            c as (update consent_records set guest_id = $1 where guest_id = $2 returning 1)
          select (select count(*) from b)::int as bookings, (select count(*) from e)::int as enquiries`,
          [keepId, mergeId],
        )
        await client.query(
          `update guests set notes = $2, allergies = $3, allergy_notes = $4, tags = $5, version = version + 1, updated_at = $6 where id = $1`,
          [keepId, merged.notes, merged.allergies, merged.allergyNotes, merged.tags, clock.now()],
        )
        await client.query('delete from guests where id = $1', [mergeId])
        await audit(client, actor, {
          action: 'merge',
          entityType: 'guest',
          entityId: keepId,
          summary: `merged guest #${mergeId} into guest #${keepId} (${rows[0]!.bookings} bookings, ${rows[0]!.enquiries} enquiries moved)`,
          before: { mergedId: mergeId },
        })
        return profile(client, keepId)
      })
    },

    retentionMonths: () => retentionMonths(),

    /** The retention setting (owner only): months after the last visit; an audit row. */
    async setRetentionMonths(actor: Actor, months: number): Promise<{ guestMonths: number }> {
      return transaction(async (client) => {
        const before = await retentionMonths(client)
        await client.query(
          `insert into site_settings (setting_key, setting_value) values ($1, $2)
           on conflict (setting_key) do update set setting_value = excluded.setting_value`,
          [GUEST_RETENTION_SETTING, String(months)],
        )
        await audit(client, actor, {
          action: 'update',
          entityType: 'setting',
          entityId: GUEST_RETENTION_SETTING,
          summary: `set guest details to be kept for ${months} months after the last visit`,
          before: { guestMonths: before },
          after: { guestMonths: months },
        })
        return { guestMonths: months }
      })
    },

    /**
     * The retention job (daily): anonymises, as erasure does, every guest whose
     * last booking, enquiry or profile change is older than the setting's months
     * (nothing to come), RETENTION_BATCH a transaction, each with its audit row.
     * Idempotent: an anonymised guest is never picked again. Answers how many.
     */
    async applyRetention(): Promise<{ guests: number; reservations: number; enquiries: number }> {
      const months = await retentionMonths()
      const total = { guests: 0, reservations: 0, enquiries: 0 }
      for (;;) {
        const done = await transaction(async (client) => {
          const { rows } = await client.query<{ id: number }>(
            `select g.id from guests g
             where g.erased_at is null
               and g.created_at < $1::timestamptz - make_interval(months => $2::int)
               and not exists (select 1 from reservations r where r.guest_id = g.id
                 and r.date >= to_char(($1::timestamptz at time zone $3) - make_interval(months => $2::int), 'YYYY-MM-DD'))
               and not exists (select 1 from event_enquiries e where e.guest_id = g.id
                 and e.created_at >= $1::timestamptz - make_interval(months => $2::int))
             order by g.id limit $4 for update skip locked`,
            [clock.now(), months, timeZone, RETENTION_BATCH],
          )
          const ids = rows.map((r) => r.id)
          const result = await anonymiseGuests(client, ids)
          if (ids.length) {
            await audit(client, SYSTEM, {
              action: 'erase',
              entityType: 'guest',
              summary: `anonymised ${ids.length} guest${ids.length === 1 ? '' : 's'} not seen for ${months} months (${result.reservations} bookings)`,
              after: { guestIds: ids },
            })
          }
          return result
        })
        total.guests += done.guests
        total.reservations += done.reservations
        total.enquiries += done.enquiries
        if (done.guests < RETENTION_BATCH) return total
      }
    },
  }
}
export type GuestsService = ReturnType<typeof createGuestsService>
export type { GuestCounts }
