import { defaultLastOrders } from '#common/last-orders'
import { dayOfWeek } from '#common/time'

const GUEST_BOOKING = {
  name: 'Ann Guest',
  email: 'ann@example.com',
  phone: '07700 900 000',
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 2,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  receiveOffers: false,
}

/** A UK mobile number of the guest's own, from their email: each guest has one phone, as real guests do (the per-phone limit counts it). */
export function phoneOf(email: string): string {
  let hash = 0
  for (const c of email.toLowerCase()) hash = (hash * 31 + c.charCodeAt(0)) % 1_000_000
  return `07700 ${String(hash).padStart(6, '0')}`
}

/**
 * A table booking as the booking page posts it (POST /api/reservations), for
 * Saturday 5 December 2026 at 19:00 for two; tests override what they test.
 * A guest given an email and no phone gets a phone of their own (phoneOf).
 * A time at or after the seeded kitchen's last orders is for Drinks Only, as
 * the booking page sends it, unless the test names a preference (issue 36).
 */
export function guestBooking<T extends Record<string, unknown>>(over: T = {} as T): Omit<typeof GUEST_BOOKING, keyof T> & T {
  const phone = typeof over.email === 'string' && over.phone === undefined ? { phone: phoneOf(over.email) } : {}
  const date = typeof over.date === 'string' ? over.date : GUEST_BOOKING.date
  const startTime = typeof over.startTime === 'string' ? over.startTime : GUEST_BOOKING.startTime
  const late = over.foodDrinks === undefined ? { foodDrinks: seededPreference(date, startTime) } : {}
  return { ...GUEST_BOOKING, ...phone, ...late, ...over }
}

/**
 * The preference the booking page sends with the seeded kitchen hours (issue
 * 36): Food & Drinks before the last orders (21:00, Sunday 18:00), Drinks Only
 * from them.
 */
export function seededPreference(date: string, startTime: string): 'food_and_drinks' | 'drinks_only' {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && startTime >= defaultLastOrders(dayOfWeek(date)) ? 'drinks_only' : 'food_and_drinks'
}
