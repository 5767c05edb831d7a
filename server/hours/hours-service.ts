import { asc, eq, gte } from 'drizzle-orm'
import { DEFAULT_OPEN, HOURS_MESSAGES as M, hoursProblem, type HourExceptionRow, type OpeningHoursRow as AdminOpeningHoursRow } from '#common/hours'
import type { HourExceptionInput, OpeningHoursChange } from '#common/hours-schema'
import type { Db } from '../db/client'
import { hourExceptions, openingHours, type HourException, type OpeningHoursRow } from '../db/schema'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import { isUniqueViolation } from '../db/errors'

export type OpeningHoursEntry = Pick<OpeningHoursRow, 'id' | 'dayOfWeek' | 'openTime' | 'closeTime' | 'isClosed'>
export type HourExceptionEntry = Pick<HourException, 'id' | 'date' | 'openTime' | 'closeTime' | 'isClosed' | 'reason'>

const weeklyColumns = {
  id: openingHours.id,
  dayOfWeek: openingHours.dayOfWeek,
  openTime: openingHours.openTime,
  closeTime: openingHours.closeTime,
  isClosed: openingHours.isClosed,
}
const exceptionColumns = {
  id: hourExceptions.id,
  date: hourExceptions.date,
  openTime: hourExceptions.openTime,
  closeTime: hourExceptions.closeTime,
  isClosed: hourExceptions.isClosed,
  reason: hourExceptions.reason,
}

/** The field a rule's message is about, for the form to show it beside. */
const fieldOf = (message: string) => (message === M.closeAfterOpen ? 'closeTime' : 'openTime')

/**
 * Weekly opening hours and date exceptions: the public reads, and the
 * changes staff make in Table Booking Hours. `onChange` runs after every
 * change, so cached availability is dropped and guests see it at once.
 */
export function createHoursService(db: Db, { onChange = () => {} }: { onChange?: () => void } = {}) {
  return {
    /** One row per weekday that has one, Sunday (0) to Saturday (6). */
    async openingHours(): Promise<OpeningHoursEntry[]> {
      return db.select(weeklyColumns).from(openingHours).orderBy(asc(openingHours.dayOfWeek))
    },

    /** Exceptions on or after a date, by date. */
    async exceptionsFrom(date: string): Promise<HourExceptionEntry[]> {
      return db.select(exceptionColumns).from(hourExceptions).where(gte(hourExceptions.date, date)).orderBy(asc(hourExceptions.date))
    },

    /** All seven days for the Standard Hours tab; a day with no row yet is shown closed. */
    async week(): Promise<AdminOpeningHoursRow[]> {
      const rows = await this.openingHours()
      return Array.from({ length: 7 }, (_, day) => rows.find((r) => r.dayOfWeek === day) ?? { id: null, dayOfWeek: day, openTime: null, closeTime: null, isClosed: true })
    },

    /**
     * Changes one field of a weekday (the row is created if missing). Opening a
     * day with no times gives it 12:00 to 22:00 to start from; an open day's
     * close must be after its open.
     */
    async changeDay(dayOfWeek: number, change: OpeningHoursChange): Promise<AdminOpeningHoursRow> {
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx.select(weeklyColumns).from(openingHours).where(eq(openingHours.dayOfWeek, dayOfWeek)).for('update')
        const next = { openTime: current?.openTime ?? null, closeTime: current?.closeTime ?? null, isClosed: current?.isClosed ?? true, ...change }
        if (!next.isClosed && !next.openTime && !next.closeTime) Object.assign(next, DEFAULT_OPEN)
        const problem = hoursProblem(next)
        if (problem) throw new ValidationError(problem, { [fieldOf(problem)]: problem })
        const [row] = await tx
          .insert(openingHours)
          .values({ dayOfWeek, ...next })
          .onConflictDoUpdate({ target: openingHours.dayOfWeek, set: { ...next, updatedAt: new Date() } })
          .returning(weeklyColumns)
        return row!
      })
      onChange()
      return saved
    },

    /** Every exception, by date (past ones too: the panel shows them apart). */
    async allExceptions(): Promise<HourExceptionRow[]> {
      return db.select(exceptionColumns).from(hourExceptions).orderBy(asc(hourExceptions.date))
    },

    async createException(input: HourExceptionInput): Promise<HourExceptionRow> {
      try {
        const [row] = await db.insert(hourExceptions).values(input).returning(exceptionColumns)
        onChange()
        return row!
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(M.exceptionExists(input.date))
        throw error
      }
    },

    async updateException(id: number, input: HourExceptionInput): Promise<HourExceptionRow> {
      try {
        const [row] = await db.update(hourExceptions).set(input).where(eq(hourExceptions.id, id)).returning(exceptionColumns)
        if (!row) throw new NotFoundError(M.exceptionNotFound)
        onChange()
        return row
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(M.exceptionExists(input.date))
        throw error
      }
    },

    async deleteException(id: number): Promise<void> {
      const [row] = await db.delete(hourExceptions).where(eq(hourExceptions.id, id)).returning({ id: hourExceptions.id })
      if (!row) throw new NotFoundError(M.exceptionNotFound)
      onChange()
    },
  }
}
export type HoursService = ReturnType<typeof createHoursService>
