/**
 * The waitlist (issue 35; docs/decisions/0032): guests waiting for a table on
 * a full date, offered a freed time in the order they joined, by the booking
 * engine's own decision (`decideBooking`), never a second set of rules.
 *
 * What it guarantees, and what each rests on:
 * - one offer a time: the offer job runs under the date's lock (the lock
 *   bookings take), counts the seats of the offers still open as taken, and
 *   moves an entry to 'offered' only from 'waiting' (`where status = 'waiting'`);
 * - each offer's email once: its outbox key carries the entry's offer count;
 * - one booking for a freed table however many claim it: the claim books
 *   through the booking batch (the date lock again), and a claim's
 *   Idempotency-Key (`waitlist:{entry}:{offer}`) makes a second click replay
 *   the first booking; the entry is marked claimed in the booking's transaction.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import { bookingSlotTimes, lastOrdersFor, type ActiveBooking } from '#common/availability'
import { holdsOf, type TableHold } from '#common/tables'
import { dayOfWeek, formatLongDate, formatTime12, todayIn } from '#common/time'
import {
  WAITLIST_MESSAGES as M,
  WAITLIST_OFFER_MINUTES,
  type AdminWaitlistEntry,
  type JoinWaitlistInput,
  type OfferView,
  type PublicWaitlistEntry,
} from '#common/waitlist-schema'
import { phoneKey } from '#common/phone'
import { audit, guestActor, type Actor } from '../audit/audit'
import { guestIdFor } from '../guests/guest-upsert'
import { staleVersion } from '../audit/versions'
import type { DbOrTx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import * as schema from '../db/schema'
import { waitlistEntries, type Reservation, type WaitlistEntry } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../domain-errors'
import { enqueueMessagesQuery } from '../email/outbox'
import { clientKeyOf } from '../rate-limits/challenge'
import { bookingRules, BookingRefusedError, decideBooking, type BookingRules } from '../reservations/booking-decision'
import { dayDataQuery } from '../reservations/booking-sql'
import type { ReservationEvents } from '../reservations/reservation-events'
import { dayData, dayOf, planOf, runStatements, withDatesLocked, type DayData, type DayRow } from '../reservations/reservations-data'
import type { ReservationsService } from '../reservations/reservations-service'
import type { SettingsService } from '../settings/settings-service'
import type { FloorPlan } from '#common/tables'
import { readClaimToken, readClaimTokenEvenExpired, readLeaveToken } from './waitlist-links'
import { joinedMessage, offerMessage } from './waitlist-messages'
import { guestsText } from '#common/reservation-form'

/** The queue's task that offers a date's freed times (server/jobs/worker.ts). */
export const WAITLIST_OFFERS_TASK = 'waitlist_offers'
/** The crontab's task that expires offers past their 30 minutes and offers their times on. */
export const WAITLIST_EXPIRY_TASK = 'waitlist_expiry'

/** The engine's refusals that mean someone else took the time first (any other is the guest's own: a booking then already, say). */
const TAKEN_MEANWHILE = ['capacity', 'pacing', 'tables_taken', 'no_table_fits', 'area_closed'] as const

/** Entries still in the queue: waiting, or holding an offer. */
const ACTIVE = ['waiting', 'offered'] as const

/** The Idempotency-Key of a claim: one booking per offer, however often its link is pressed. */
const claimKeyOf = (entryId: number, offer: number) => `waitlist:${entryId}:${offer}`
const CLAIM_KEY = /^waitlist:(\d+):(\d+)$/

/**
 * One statement that queues the offer job of each date that has someone
 * waiting, for the transaction of a change that may free a time there (a
 * cancellation, a move, a shorter stay, a finished visit). Its job key folds
 * the jobs of one date together, however many changes queue it.
 */
export function queueOffersQuery(dates: string[]): pg.QueryConfig {
  return {
    name: 'waitlist-queue-offers',
    text: `select graphile_worker.add_job($2::text, json_build_object('date', d), job_key := 'waitlist-offers:' || d, max_attempts := 5)
      from unnest($1::text[]) d
      where exists (select 1 from waitlist_entries w where w.date = d and w.status = 'waiting')`,
    values: [[...new Set(dates)].sort(), WAITLIST_OFFERS_TASK],
  }
}

/** An offer's problem with a token: forged or broken, or for an entry that is no more. */
class WaitlistLinkError extends DomainError {
  constructor(message: string) {
    super('not_found', message, undefined, 'link_invalid')
  }
}

export function createWaitlist(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>,
  { settings, reservations, events }: { settings: SettingsService; reservations: Pick<ReservationsService, 'create'>; events: ReservationEvents },
) {
  const timeZone = config.venueTimezone

  // A change that may free a time queues that date's offer job, in its own transaction (one statement for all its dates).
  events.inTransaction('reservation.cancelled', (payloads) => [queueOffersQuery(payloads.map((p) => p.reservation.date))])
  events.inTransaction('reservation.changed', (payloads) => [queueOffersQuery(payloads.flatMap((p) => [p.reservation.date, p.previous.date]))])
  events.inTransaction('reservation.freed', (payloads) => [queueOffersQuery(payloads.map((p) => p.reservation.date))])
  // A claim's booking marks its entry claimed in the booking's own transaction; other bookings add nothing.
  events.inTransaction('reservation.created', (payloads) => payloads.flatMap(({ reservation }) => claimedQuery(reservation)))

  const rulesNow = async (): Promise<BookingRules> => bookingRules(await settings.booking(), timeZone)

  /** The day as the engine sees it, read on `client` (under the date lock). */
  async function dayOn(client: pg.PoolClient, date: string, rules: BookingRules): Promise<DayData> {
    const result = await client.query<DayRow & FloorPlan>(dayDataQuery(date, dayOfWeek(date), clock.now(), rules.durationMinutes))
    const row = result.rows[0]!
    return dayOf(row, planOf(row))
  }

  /**
   * The date's offers as the engine would take them, one after another: each
   * open offer's seats are spoken for, then each waiting entry in order gets
   * the first time of its window the engine accepts.
   */
  function planner(date: string, day: DayData, rules: BookingRules) {
    const now = clock.now()
    const bookings: ActiveBooking[] = [...day.bookings]
    const holds: TableHold[] = day.tables ? [...day.tables.holds] : []
    const times = bookingSlotTimes(date, day.weekly, day.exceptions)
    /** Whether the engine takes the party at `startTime` now; if so, its seats are counted as taken. */
    const take = (entry: Pick<WaitlistEntry, 'id' | 'partySize'>, startTime: string): boolean => {
      const decision = decideBooking(
        { date, startTime, partySize: entry.partySize },
        { weekly: day.weekly, exceptions: day.exceptions, bookings, duplicate: false, tables: day.tables && { ...day.tables, holds } },
        rules,
        now,
      )
      // A party staff must confirm is no offer a guest can take by a link.
      if (decision.outcome !== 'accepted' || decision.status !== 'confirmed') return false
      bookings.push({ startTime, partySize: entry.partySize })
      if (decision.seated?.tableIds.length) holds.push(...holdsOf(-entry.id, decision.seated.tableIds, startTime, decision.seated.durationMinutes))
      return true
    }
    return {
      take,
      /** The first time of the entry's window the engine takes, if any. */
      firstFit: (entry: WaitlistEntry) => times.filter((t) => t >= entry.earliestTime && t <= entry.latestTime).find((t) => take(entry, t)),
    }
  }

  /** Moves an entry to 'offered' at `startTime` (only from `from`), with its email; the entry as offered, or undefined if it moved meanwhile. */
  async function offer(client: pg.PoolClient, tx: DbOrTx, entry: WaitlistEntry, startTime: string, from: readonly WaitlistEntry['status'][]) {
    const now = clock.now()
    const [offered] = await tx
      .update(waitlistEntries)
      .set({
        status: 'offered',
        offeredTime: startTime,
        offeredAt: now,
        offerExpiresAt: new Date(now.getTime() + WAITLIST_OFFER_MINUTES * 60_000),
        offerCount: sql`${waitlistEntries.offerCount} + 1`,
        updatedAt: now,
      })
      .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, [...from])))
      .returning()
    if (offered) await runStatements(client, [enqueueMessagesQuery([offerMessage(offered)])])
    return offered
  }

  const activeOf = (tx: DbOrTx, date: string) =>
    tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.date, date), inArray(waitlistEntries.status, [...ACTIVE])))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))

  /** Offers past their time become 'expired' (their seats free for the next guest). */
  const expireOn = (tx: DbOrTx, date: string) =>
    tx
      .update(waitlistEntries)
      .set({ status: 'expired', updatedAt: clock.now() })
      .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, clock.now())))
      .returning({ id: waitlistEntries.id })

  /**
   * The offer job of a date: under the date's lock, expires the offers past
   * their time, then offers each freed time to the first waiting entry whose
   * party and window the engine takes. Returns the entries offered.
   */
  async function runOffers(date: string): Promise<WaitlistEntry[]> {
    if (date < todayIn(clock.now(), timeZone)) return []
    const rules = await rulesNow()
    return withDatesLocked(db, [date], clock.now(), async (client, tx) => {
      await expireOn(tx, date)
      const entries = await activeOf(tx, date)
      if (!entries.some((e) => e.status === 'waiting')) return []
      const plan = planner(date, await dayOn(client, date, rules), rules)
      for (const e of entries) if (e.status === 'offered') plan.take(e, e.offeredTime!)
      const offered: WaitlistEntry[] = []
      for (const e of entries) {
        if (e.status !== 'waiting') continue
        const time = plan.firstFit(e)
        const made = time && (await offer(client, tx, e, time, ['waiting']))
        if (made) offered.push(made)
      }
      return offered
    })
  }

  async function entryById(id: number): Promise<WaitlistEntry | undefined> {
    const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1)
    return row
  }

  /** An entry as staff see it, with its place among the date's active entries. */
  const toAdmin = (e: WaitlistEntry, position: number | null): AdminWaitlistEntry => ({
    id: e.id,
    position,
    name: e.name,
    email: e.email,
    phone: e.phone,
    partySize: e.partySize,
    earliestTime: e.earliestTime,
    latestTime: e.latestTime,
    status: e.status,
    offeredTime: e.offeredTime,
    offerExpiresAt: e.offerExpiresAt?.toISOString() ?? null,
    claimedReservationId: e.claimedReservationId,
    version: e.version,
    createdAt: e.createdAt.toISOString(),
  })

  /** An entry staff change, at the version they read (when they send one). */
  async function staffEntry(tx: DbOrTx, id: number, version: number | undefined): Promise<WaitlistEntry> {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update').limit(1)
    if (!entry) throw new NotFoundError(M.notFound)
    if (version !== undefined && entry.version !== version) {
      throw await staleVersion(tx, { entityType: 'waitlist_entry', entityId: id, current: toAdmin(entry, null), timeZone })
    }
    return entry
  }

  const who = (e: WaitlistEntry) => `${e.name}, ${guestsText(e.partySize)}, ${formatLongDate(e.date)}`

  return {
    /**
     * A guest joins the waitlist of a date (the public form): refused for a
     * past or closed date, times outside the day's booking hours, a party
     * larger than the form confirms at once, or a second active entry of the
     * same email or phone; otherwise 201 with 'You're on the waitlist' queued
     * in the same transaction.
     */
    async join(input: JoinWaitlistInput, client_: string): Promise<PublicWaitlistEntry> {
      if (input.website?.trim()) throw new ValidationError(M.honeypot)
      const now = clock.now()
      const rules = await settings.booking()
      if (input.partySize > rules.autoConfirmMaxParty) throw new ValidationError(M.tooLarge(rules.autoConfirmMaxParty), { partySize: M.tooLarge(rules.autoConfirmMaxParty) })
      if (input.date < todayIn(now, timeZone)) throw new ValidationError(M.past, { date: M.past })
      const day = await dayData(db, input.date, dayOfWeek(input.date), now, rules.durationMinutes)
      const times = bookingSlotTimes(input.date, day.weekly, day.exceptions)
      if (times.length === 0) throw new ValidationError(M.closed, { date: M.closed })
      const first = times[0]!
      const last = times[times.length - 1]!
      if (input.earliestTime < first || input.latestTime > last) {
        const message = M.outsideHours(first, last)
        throw new ValidationError(message, input.earliestTime < first ? { earliestTime: message } : { latestTime: message })
      }
      try {
        const entry = await inTransaction(db, async (client, end) => {
          await client.query('begin')
          const tx = drizzle(client, { schema }) as unknown as DbOrTx
          const [row] = await tx
            .insert(waitlistEntries)
            .values({
              date: input.date,
              name: input.name,
              email: input.email,
              phone: input.phone,
              phoneKey: phoneKey(input.phone),
              partySize: input.partySize,
              earliestTime: input.earliestTime,
              latestTime: input.latestTime,
              clientKey: clientKeyOf(config.sessionSecret, client_),
              guestId: await guestIdFor(client, { email: input.email, name: input.name, phone: input.phone, phoneKey: phoneKey(input.phone) }),
              createdAt: now,
              updatedAt: now,
            })
            .returning()
          // 'You're on the waitlist' commits with the entry, or neither does. So does a run of the date's offers: a time
          // in the window that is free already (the guest's page was out of date, or they joined anyway) is offered now,
          // rather than left until a cancellation that may never come.
          await runStatements(client, [enqueueMessagesQuery([joinedMessage(row!)]), queueOffersQuery([input.date])])
          await end.commit()
          return row!
        })
        return {
          id: entry.id,
          date: entry.date,
          partySize: entry.partySize,
          earliestTime: entry.earliestTime,
          latestTime: entry.latestTime,
          message: M.joined(formatLongDate(entry.date)),
        }
      } catch (error) {
        // The partial unique indexes of migration 0022: one active entry per email and per phone for a date.
        if (isUniqueViolation(error)) throw new ConflictError(M.duplicate, 'waitlist_duplicate')
        throw error
      }
    },

    /** A date's entries for staff, oldest first; `position` numbers the waiting and offered ones in order. */
    async list(date: string): Promise<AdminWaitlistEntry[]> {
      const rows = await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.date, date))
        .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      let position = 0
      return rows.map((e) => toAdmin(e, (ACTIVE as readonly string[]).includes(e.status) ? ++position : null))
    },

    /**
     * Staff offer a time by hand to a waiting (or expired) entry. The time
     * must be one the engine would book for the guest now, the open offers'
     * seats counted as taken: the guest claims it through the public engine,
     * so an offer it would refuse could only disappoint (no override).
     */
    async offerByHand(id: number, input: { startTime: string; version?: number }, actor: Actor): Promise<AdminWaitlistEntry> {
      const current = await entryById(id)
      if (!current) throw new NotFoundError(M.notFound)
      const rules = await rulesNow()
      const offered = await withDatesLocked(db, [current.date], clock.now(), async (client, tx) => {
        const entry = await staffEntry(tx, id, input.version)
        if (entry.status !== 'waiting' && entry.status !== 'expired') throw new ConflictError(M.notWaiting, 'waitlist_not_waiting')
        await expireOn(tx, entry.date)
        const plan = planner(entry.date, await dayOn(client, entry.date, rules), rules)
        for (const e of await activeOf(tx, entry.date)) if (e.status === 'offered' && e.id !== id) plan.take(e, e.offeredTime!)
        if (!plan.take(entry, input.startTime)) {
          const time = formatTime12(input.startTime)
          throw new ConflictError(`${time} is not free for ${entry.partySize} now (or open offers hold it), so it cannot be offered. Choose another time.`, 'waitlist_time_taken')
        }
        const made = await offer(client, tx, entry, input.startTime, ['waiting', 'expired'])
        await audit(tx, actor, {
          action: 'offer',
          entityType: 'waitlist_entry',
          entityId: id,
          summary: `offered ${formatTime12(input.startTime)} to ${who(entry)} from the waitlist`,
          before: { status: entry.status },
          after: { status: 'offered', offeredTime: input.startTime },
        })
        return made!
      })
      return toAdmin(offered, null)
    },

    /** Staff take an entry off the waitlist (its open offer with it). */
    async remove(id: number, version: number | undefined, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const entry = await staffEntry(tx, id, version)
        if (!(['waiting', 'offered', 'expired'] as string[]).includes(entry.status)) throw new ConflictError(M.notActive, 'waitlist_not_active')
        await tx.update(waitlistEntries).set({ status: 'removed', updatedAt: clock.now() }).where(eq(waitlistEntries.id, id))
        await audit(tx, actor, {
          action: 'delete',
          entityType: 'waitlist_entry',
          entityId: id,
          summary: `removed ${who(entry)} from the waitlist`,
          before: { status: entry.status },
          after: { status: 'removed' },
        })
      })
    },

    runOffers,

    /** The crontab's minute: every date with an offer past its time runs its offer job (expiring it and offering on). */
    async expireDue(): Promise<WaitlistEntry[]> {
      const due = await db
        .selectDistinct({ date: waitlistEntries.date })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, clock.now())))
      const offered: WaitlistEntry[] = []
      for (const { date } of due) offered.push(...(await runOffers(date)))
      return offered
    },

    /** What the claim page shows of an offer (opening the link changes nothing: mail scanners open links too). */
    async offerView(token: string): Promise<OfferView> {
      const { entry, state } = await offerOf(token)
      return viewOf(entry, state)
    },

    /**
     * Claims an offer: books its time through the booking engine (source
     * 'waitlist', the usual confirmation). A second press says it is claimed;
     * a time taken meanwhile puts the entry back to waiting, at its place.
     */
    async claim(token: string): Promise<OfferView> {
      const { entry, state, offer: n } = await offerOf(token)
      if (state !== 'open') return viewOf(entry, state)
      const now = clock.now()
      const day = await dayData(db, entry.date, dayOfWeek(entry.date), now, (await settings.booking()).durationMinutes)
      const lastOrders = lastOrdersFor(entry.date, day.weekly, day.exceptions)
      try {
        const created = await reservations.create(
          {
            name: entry.name,
            email: entry.email,
            phone: entry.phone,
            date: entry.date,
            startTime: entry.offeredTime!,
            partySize: entry.partySize,
            additionalInfo: '',
            // Food & Drinks unless the kitchen has closed by then (as the booking page chooses).
            foodDrinks: lastOrders && entry.offeredTime! >= lastOrders ? 'drinks_only' : 'food_and_drinks',
            receiveOffers: false,
          },
          { client: `waitlist:${entry.id}`, idempotencyKey: claimKeyOf(entry.id, n), source: 'waitlist' },
        )
        return viewOf(entry, created.replayed ? 'claimed' : 'booked')
      } catch (error) {
        if (!(error instanceof BookingRefusedError)) throw error
        // Taken meanwhile (or refused for the guest's own reason, said in the engine's words): back in the
        // queue at the place it joined (its position is its joining order).
        await db
          .update(waitlistEntries)
          .set({ status: 'waiting', offeredTime: null, offerExpiresAt: null, updatedAt: clock.now() })
          .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.offerCount, n), eq(waitlistEntries.status, 'offered')))
        const taken = (TAKEN_MEANWHILE as readonly string[]).includes(error.reason.code)
        return { ...(await viewOf(entry, 'taken')), ...(taken ? {} : { refusal: error.reason.message }) }
      }
    },

    /** What the leave page shows: whether the entry is still on the waitlist. */
    async leaveView(token: string): Promise<{ onList: boolean; date: string; partySize: number; name: string }> {
      const entry = await leaveEntryOf(token)
      return { onList: (ACTIVE as readonly string[]).includes(entry.status), date: entry.date, partySize: entry.partySize, name: entry.name }
    },

    /** The guest leaves the waitlist from their email (their open offer with it). */
    async leave(token: string, address: string | null): Promise<{ onList: false; date: string; partySize: number; name: string }> {
      const entry = await leaveEntryOf(token)
      await db.transaction(async (tx) => {
        const [left] = await tx
          .update(waitlistEntries)
          .set({ status: 'left', updatedAt: clock.now() })
          .where(and(eq(waitlistEntries.id, entry.id), inArray(waitlistEntries.status, ['waiting', 'offered', 'expired'])))
          .returning({ id: waitlistEntries.id })
        if (left) {
          await audit(tx, guestActor(address), {
            action: 'update',
            entityType: 'waitlist_entry',
            entityId: entry.id,
            summary: `left the waitlist (${who(entry)})`,
            before: { status: entry.status },
            after: { status: 'left' },
          })
        }
      })
      return { onList: false, date: entry.date, partySize: entry.partySize, name: entry.name }
    },
  }

  /** The entry a claim link is for and what became of its offer. */
  async function offerOf(token: string): Promise<{ entry: WaitlistEntry; state: OfferView['state']; offer: number }> {
    const now = clock.now()
    const check = readClaimToken(config, token, now)
    const payload = check.ok ? check.payload : check.reason === 'expired' ? readClaimTokenEvenExpired(config, token) : undefined
    const entry = payload && typeof payload.w === 'number' ? await entryById(payload.w) : undefined
    if (!payload || !entry) throw new WaitlistLinkError('We could not find this offer. Please check the link in your email.')
    const thisOffer = entry.offerCount === payload.n
    const state: OfferView['state'] =
      entry.status === 'claimed' && thisOffer
        ? 'claimed'
        : entry.status === 'removed' || entry.status === 'left'
          ? 'gone'
          : !thisOffer || !check.ok || entry.status === 'expired' || (entry.status === 'offered' && entry.offerExpiresAt! <= now)
            ? 'expired'
            : entry.status === 'waiting'
              ? 'taken'
              : 'open'
    return { entry, state, offer: payload.n }
  }

  async function viewOf(entry: WaitlistEntry, state: OfferView['state'] | 'booked'): Promise<OfferView> {
    const venue = await settings.venue()
    return {
      state: state === 'booked' ? 'claimed' : state,
      justBooked: state === 'booked',
      name: entry.name,
      date: entry.date,
      startTime: entry.offeredTime ?? entry.earliestTime,
      partySize: entry.partySize,
      venuePhone: venue.venue_phone,
    }
  }

  async function leaveEntryOf(token: string): Promise<WaitlistEntry> {
    const check = readLeaveToken(config, token, clock.now())
    const entry = check.ok && typeof check.payload.w === 'number' ? await entryById(check.payload.w) : undefined
    if (!entry) throw new WaitlistLinkError('We could not open this link. It may have expired: please call us.')
    return entry
  }
}

/** The entry a claim's booking came from, marked claimed in the booking's transaction. */
function claimedQuery(r: Reservation): pg.QueryConfig[] {
  const key = r.source === 'waitlist' && r.idempotencyKey ? CLAIM_KEY.exec(r.idempotencyKey) : null
  if (!key) return []
  return [
    {
      name: 'waitlist-claimed',
      text: `update waitlist_entries set status = 'claimed', claimed_reservation_id = $1, updated_at = now() where id = $2 and offer_count = $3`,
      values: [r.id, Number(key[1]), Number(key[2])],
    },
  ]
}

export type Waitlist = ReturnType<typeof createWaitlist>
