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

/**
 * A table booking as the booking page posts it (POST /api/reservations), for
 * Saturday 5 December 2026 at 19:00 for two; tests override what they test.
 */
export function guestBooking<T extends Record<string, unknown>>(over: T = {} as T): Omit<typeof GUEST_BOOKING, keyof T> & T {
  return { ...GUEST_BOOKING, ...over }
}
