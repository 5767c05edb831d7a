/**
 * What a day's booking services are (docs/decisions/0030): its own list, or one service spanning its hours. Apart from
 * `common/services.ts`, which holds the rules and words of editing them, so that the booking page, which needs only
 * this to know a day's booking times, does not load those.
 */

export type BookingService = {
  name: string
  startTime: string
  endTime: string
  /** The most guests starting in one half hour of this service; null or missing: the booking setting. */
  maxCoversPerSlot?: number | null
}

/** The one service of a day that names none. */
export const WHOLE_DAY_SERVICE = 'Service'

export type ServicesDay = { isClosed: boolean; openTime: string | null; closeTime: string | null; services?: readonly BookingService[] | null }

/** A day's services, by start time: its own, or one spanning its hours; none on a closed day. */
export function servicesOf(day: ServicesDay): readonly BookingService[] {
  if (day.isClosed || !day.openTime || !day.closeTime) return []
  if (day.services && day.services.length > 0) return day.services
  return [{ name: WHOLE_DAY_SERVICE, startTime: day.openTime, endTime: day.closeTime, maxCoversPerSlot: null }]
}

/** Whether a day names its own services (more than the one spanning its hours). */
export const hasOwnServices = (day: ServicesDay) => Boolean(day.services && day.services.length > 0)
