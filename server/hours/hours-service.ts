import { asc, gte } from 'drizzle-orm'
import type { Db } from '../db/client'
import { hourExceptions, openingHours, type HourException, type OpeningHoursRow } from '../db/schema'

export type OpeningHoursEntry = Pick<OpeningHoursRow, 'id' | 'dayOfWeek' | 'openTime' | 'closeTime' | 'isClosed'>
export type HourExceptionEntry = Pick<HourException, 'id' | 'date' | 'openTime' | 'closeTime' | 'isClosed' | 'reason'>

/** Weekly opening hours and date exceptions (reads; the admin panel adds writes). */
export function createHoursService(db: Db) {
  return {
    /** One row per weekday that has one, Sunday (0) to Saturday (6). */
    async openingHours(): Promise<OpeningHoursEntry[]> {
      return db
        .select({
          id: openingHours.id,
          dayOfWeek: openingHours.dayOfWeek,
          openTime: openingHours.openTime,
          closeTime: openingHours.closeTime,
          isClosed: openingHours.isClosed,
        })
        .from(openingHours)
        .orderBy(asc(openingHours.dayOfWeek))
    },

    /** Exceptions on or after a date, by date. */
    async exceptionsFrom(date: string): Promise<HourExceptionEntry[]> {
      return db
        .select({
          id: hourExceptions.id,
          date: hourExceptions.date,
          openTime: hourExceptions.openTime,
          closeTime: hourExceptions.closeTime,
          isClosed: hourExceptions.isClosed,
          reason: hourExceptions.reason,
        })
        .from(hourExceptions)
        .where(gte(hourExceptions.date, date))
        .orderBy(asc(hourExceptions.date))
    },
  }
}
export type HoursService = ReturnType<typeof createHoursService>
