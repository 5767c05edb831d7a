import { and, asc, eq, gte } from 'drizzle-orm'
import { bookingTimesOf, type BookingTimes } from '#common/availability'
import { DEFAULT_OPEN, HOURS_MESSAGES as M, hoursProblem, type HourExceptionRow, type OpeningHoursRow as AdminOpeningHoursRow } from '#common/hours'
import type { HourExceptionInput, OpeningHoursChange } from '#common/hours-schema'
import { defaultLastOrders, lastOrdersProblem } from '#common/last-orders'
import { normalServices, SERVICES_MESSAGES, servicesProblem, servicesSummary, type BookingService } from '#common/services'
import { formatShortDate, WEEKDAY_NAMES } from '#common/time'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db, DbOrTx } from '../db/client'
import { hourExceptions, openingHours, type HourException, type OpeningHoursRow } from '../db/schema'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import { isUniqueViolation } from '../db/errors'

export type OpeningHoursEntry = Pick<OpeningHoursRow, 'id' | 'dayOfWeek' | 'openTime' | 'closeTime' | 'isClosed'>
export type HourExceptionEntry = Pick<HourException, 'id' | 'date' | 'openTime' | 'closeTime' | 'isClosed' | 'reason'>

const publicWeeklyColumns = {
  id: openingHours.id,
  dayOfWeek: openingHours.dayOfWeek,
  openTime: openingHours.openTime,
  closeTime: openingHours.closeTime,
  isClosed: openingHours.isClosed,
}
const publicExceptionColumns = {
  id: hourExceptions.id,
  date: hourExceptions.date,
  openTime: hourExceptions.openTime,
  closeTime: hourExceptions.closeTime,
  isClosed: hourExceptions.isClosed,
  reason: hourExceptions.reason,
}
// Staff's reads carry the kitchen's last orders and the version a save sends back; guests' do not
// (the public opening hours keep SPEC.md's shape; the booking page learns last orders from the slots).
const weeklyColumns = { ...publicWeeklyColumns, lastOrdersTime: openingHours.lastOrdersTime, services: openingHours.services, version: openingHours.version }
const exceptionColumns = { ...publicExceptionColumns, lastOrdersTime: hourExceptions.lastOrdersTime, services: hourExceptions.services, version: hourExceptions.version }

/** The field a rule's message is about, for the form to show it beside. */
const fieldOf = (message: string) => (message === M.closeAfterOpen ? 'closeTime' : 'openTime')

type DayState = { isClosed: boolean; openTime: string | null; closeTime: string | null; lastOrdersTime: string | null }

/** A change of hours must leave the day's services within them (400 naming the service, field `services`), as for last orders. */
function checkServicesFit(day: DayState & { services?: readonly BookingService[] | null }) {
  const problem = servicesProblem(day)
  if (problem) throw new ValidationError(problem, { services: problem })
}

/** Services in the audit log's words: 'Lunch 12:00–14:30 · Dinner 17:30–21:00', or none. */
const servicesWords = (services: readonly BookingService[]) => (services.length ? servicesSummary(services) : null)

/** A weekday's change in words for the audit log: 'closed Mondays', 'set Friday's hours to 16:00 to 22:00', 'set Friday's last orders to 21:00'. */
function dayChange(dayOfWeek: number, before: DayState | undefined, after: DayState): string {
  const day = WEEKDAY_NAMES[dayOfWeek]!
  if (before && before.lastOrdersTime !== after.lastOrdersTime && before.isClosed === after.isClosed && before.openTime === after.openTime && before.closeTime === after.closeTime) {
    return after.lastOrdersTime ? `set ${day}'s last orders to ${after.lastOrdersTime}` : `set ${day}'s food until close`
  }
  if (after.isClosed) return `closed ${day}s`
  const hours = `${after.openTime} to ${after.closeTime}`
  return !before || before.isClosed ? `opened ${day}s, ${hours}` : `set ${day}'s hours to ${hours}`
}

/** An exception named for the audit log: 'Christmas Day (25 Dec 2026)'. */
const exceptionName = (e: { date: string; reason: string }) => `${e.reason} (${formatShortDate(e.date)})`

/**
 * Weekly opening hours and date exceptions: the public reads, and the
 * changes staff make in Table Booking Hours. `onChange` runs after every
 * change, so cached availability is dropped and guests see it at once.
 */
export function createHoursService(db: Db, { onChange = () => {}, timeZone = 'Europe/London' }: { onChange?: () => void; timeZone?: string } = {}) {
  const staleDay = async (tx: DbOrTx, dayOfWeek: number, id: number | null) => {
    const [row] = await tx.select(weeklyColumns).from(openingHours).where(eq(openingHours.dayOfWeek, dayOfWeek))
    return staleVersion(tx, { entityType: 'opening_hours', entityId: id ?? row?.id ?? dayOfWeek, current: row, timeZone })
  }
  const staleException = async (tx: DbOrTx, id: number) => {
    const [row] = await tx.select(exceptionColumns).from(hourExceptions).where(eq(hourExceptions.id, id))
    return staleVersion(tx, { entityType: 'hour_exception', entityId: id, current: row, timeZone })
  }

  return {
    /** One row per weekday that has one, Sunday (0) to Saturday (6). */
    async openingHours(): Promise<OpeningHoursEntry[]> {
      return db.select(publicWeeklyColumns).from(openingHours).orderBy(asc(openingHours.dayOfWeek))
    },

    /** Exceptions on or after a date, by date. */
    async exceptionsFrom(date: string): Promise<HourExceptionEntry[]> {
      return db.select(publicExceptionColumns).from(hourExceptions).where(gte(hourExceptions.date, date)).orderBy(asc(hourExceptions.date))
    },

    /**
     * The booking page's days: the public hours and the exceptions from `date`, and the times each weekday and each
     * exception takes bookings at, from their services (the waitlist's times), which the public hours leave out.
     */
    async bookingDays(date: string): Promise<{ openingHours: OpeningHoursEntry[]; exceptions: HourExceptionEntry[]; bookingTimes: BookingTimes }> {
      const [weekly, exceptions] = await Promise.all([
        db.select({ ...publicWeeklyColumns, services: openingHours.services }).from(openingHours).orderBy(asc(openingHours.dayOfWeek)),
        db
          .select({ ...publicExceptionColumns, services: hourExceptions.services })
          .from(hourExceptions)
          .where(gte(hourExceptions.date, date))
          .orderBy(asc(hourExceptions.date)),
      ])
      return {
        openingHours: weekly.map(({ services: _, ...day }) => day),
        exceptions: exceptions.map(({ services: _, ...day }) => day),
        bookingTimes: bookingTimesOf(weekly, exceptions),
      }
    },

    /** All seven days for the Standard Hours tab; a day with no row yet is shown closed. */
    async week(): Promise<AdminOpeningHoursRow[]> {
      const rows = await db.select(weeklyColumns).from(openingHours).orderBy(asc(openingHours.dayOfWeek))
      return Array.from(
        { length: 7 },
        (_, day) => rows.find((r) => r.dayOfWeek === day) ?? { id: null, dayOfWeek: day, openTime: null, closeTime: null, isClosed: true, lastOrdersTime: null, version: 0 },
      )
    },

    /**
     * Changes one field of a weekday (the row is created if missing), if the
     * day is still at the version staff read (0: no row yet), else 409 with
     * the day as it is now. Opening a day with no times gives it 12:00 to
     * 22:00 to start from; an open day's close must be after its open.
     */
    async changeDay(actor: Actor, dayOfWeek: number, version: number, change: OpeningHoursChange): Promise<AdminOpeningHoursRow> {
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx.select(weeklyColumns).from(openingHours).where(eq(openingHours.dayOfWeek, dayOfWeek)).for('update')
        const next: DayState = {
          openTime: current?.openTime ?? null,
          closeTime: current?.closeTime ?? null,
          isClosed: current?.isClosed ?? true,
          lastOrdersTime: current ? current.lastOrdersTime : null,
          ...change,
        }
        if (!next.isClosed && !next.openTime && !next.closeTime) Object.assign(next, DEFAULT_OPEN)
        // A day's first row gets the kitchen's usual last orders when its hours take them.
        if (!current && !('lastOrdersTime' in change)) {
          const usual = { ...next, lastOrdersTime: defaultLastOrders(dayOfWeek) }
          if (!lastOrdersProblem(usual)) next.lastOrdersTime = usual.lastOrdersTime
        }
        const problem = hoursProblem(next)
        if (problem) throw new ValidationError(problem, { [fieldOf(problem)]: problem })
        // Last orders stay within the day's hours, whichever of them changes.
        const lastOrders = lastOrdersProblem(next)
        if (lastOrders) throw new ValidationError(lastOrders, { lastOrdersTime: lastOrders })
        checkServicesFit({ ...next, services: current?.services })
        // A day never saved is version 0: its first save inserts, unless someone else's first save came first.
        const [row] =
          version === 0
            ? await tx.insert(openingHours).values({ dayOfWeek, ...next }).onConflictDoNothing({ target: openingHours.dayOfWeek }).returning(weeklyColumns)
            : await tx
                .update(openingHours)
                .set({ ...next, updatedAt: new Date() })
                .where(and(eq(openingHours.dayOfWeek, dayOfWeek), eq(openingHours.version, version)))
                .returning(weeklyColumns)
        if (!row) throw await staleDay(tx, dayOfWeek, current?.id ?? null)
        await audit(tx, actor, { action: 'update', entityType: 'opening_hours', entityId: row.id, summary: dayChange(dayOfWeek, current, row), ...changedFields(current, row, ['id']) })
        return row
      })
      onChange()
      return saved
    },

    /**
     * Replaces a weekday's booking services (issue 36), if the day is still
     * at the version staff read, else 409 with the day as it is now. Each
     * within the day's hours, none overlapping; none: one service spanning
     * the hours. The day must have a row (open it first).
     */
    async setDayServices(actor: Actor, dayOfWeek: number, version: number, given: readonly BookingService[]): Promise<AdminOpeningHoursRow> {
      const services = normalServices(given)
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx.select(weeklyColumns).from(openingHours).where(eq(openingHours.dayOfWeek, dayOfWeek)).for('update')
        // A day never saved is closed: it is opened first.
        const problem = current ? servicesProblem({ ...current, services }, true) : SERVICES_MESSAGES.closedDay
        if (problem) throw new ValidationError(problem, { services: problem })
        const [row] = await tx
          .update(openingHours)
          .set({ services: services.length ? services : null, updatedAt: new Date() })
          .where(and(eq(openingHours.dayOfWeek, dayOfWeek), eq(openingHours.version, version)))
          .returning(weeklyColumns)
        if (!row) throw await staleDay(tx, dayOfWeek, current!.id)
        const name = WEEKDAY_NAMES[dayOfWeek]!
        const words = servicesWords(services)
        const summary = words ? `set ${name}'s services: ${words}` : `set ${name}'s bookings to one service, its hours`
        await audit(tx, actor, { action: 'update', entityType: 'opening_hours', entityId: row.id, summary, ...changedFields(current, row, ['id']) })
        return row
      })
      onChange()
      return saved
    },

    /** Replaces an hour exception's booking services, as for a weekday (404 for none, 409 at an older version). */
    async setExceptionServices(actor: Actor, id: number, version: number, given: readonly BookingService[]): Promise<HourExceptionRow> {
      const services = normalServices(given)
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx.select(exceptionColumns).from(hourExceptions).where(eq(hourExceptions.id, id)).for('update')
        if (!before) throw new NotFoundError(M.exceptionNotFound)
        const problem = servicesProblem({ ...before, services }, true)
        if (problem) throw new ValidationError(problem, { services: problem })
        const [after] = await tx
          .update(hourExceptions)
          .set({ services: services.length ? services : null })
          .where(and(eq(hourExceptions.id, id), eq(hourExceptions.version, version)))
          .returning(exceptionColumns)
        if (!after) throw await staleException(tx, id)
        const words = servicesWords(services)
        const summary = words ? `set the services of ${exceptionName(after)}: ${words}` : `set ${exceptionName(after)} to one service, its hours`
        await audit(tx, actor, { action: 'update', entityType: 'hour_exception', entityId: id, summary, ...changedFields(before, after) })
        return after
      })
      onChange()
      return saved
    },

    /** Every exception, by date (past ones too: the panel shows them apart). */
    async allExceptions(): Promise<HourExceptionRow[]> {
      return db.select(exceptionColumns).from(hourExceptions).orderBy(asc(hourExceptions.date))
    },

    async createException(actor: Actor, input: HourExceptionInput): Promise<HourExceptionRow> {
      try {
        const row = await db.transaction(async (tx) => {
          const [row] = await tx.insert(hourExceptions).values(input).returning(exceptionColumns)
          const summary = row!.isClosed ? `closed ${exceptionName(row!)}` : `set the hours of ${exceptionName(row!)} to ${row!.openTime} to ${row!.closeTime}`
          await audit(tx, actor, { action: 'create', entityType: 'hour_exception', entityId: row!.id, summary, after: changedFields(null, row, ['id']).after })
          return row!
        })
        onChange()
        return row
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(M.exceptionExists(input.date))
        throw error
      }
    },

    /** Changes an exception still at the version staff read (else 409 with it as it is now). */
    async updateException(actor: Actor, id: number, version: number, input: HourExceptionInput): Promise<HourExceptionRow> {
      try {
        const row = await db.transaction(async (tx) => {
          const [before] = await tx.select(exceptionColumns).from(hourExceptions).where(eq(hourExceptions.id, id)).for('update')
          if (!before) throw new NotFoundError(M.exceptionNotFound)
          checkServicesFit({ ...input, services: before.services })
          const [after] = await tx
            .update(hourExceptions)
            .set(input)
            .where(and(eq(hourExceptions.id, id), eq(hourExceptions.version, version)))
            .returning(exceptionColumns)
          if (!after) throw await staleException(tx, id)
          await audit(tx, actor, { action: 'update', entityType: 'hour_exception', entityId: id, summary: `changed the exception for ${exceptionName(after)}`, ...changedFields(before, after) })
          return after
        })
        onChange()
        return row
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(M.exceptionExists(input.date))
        throw error
      }
    },

    async deleteException(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(hourExceptions).where(eq(hourExceptions.id, id)).returning(exceptionColumns)
        if (!row) throw new NotFoundError(M.exceptionNotFound)
        await audit(tx, actor, { action: 'delete', entityType: 'hour_exception', entityId: id, summary: `removed the exception for ${exceptionName(row)}`, before: changedFields(row, null, ['id']).before })
      })
      onChange()
    },
  }
}
export type HoursService = ReturnType<typeof createHoursService>
