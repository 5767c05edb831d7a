/**
 * A valid body for each API write that takes one, keyed `method path`: the
 * fuzz suite mutates them to reach past the first check, and the cross-site
 * tests send them so that a request the guard let through would really change
 * something. Optional per route; a route without one is still fuzzed and guarded.
 */
import { COCKTAILS_DEFAULTS } from '#common/settings'
import { guestBooking } from './guest-booking'

const STAFF_BOOKING = {
  name: 'Phone Booking',
  email: 'phone@example.com',
  phone: '07700 900 001',
  date: '2026-12-05',
  startTime: '19:00',
  partySize: 4,
  additionalInfo: '',
  foodDrinks: 'food_and_drinks',
  status: 'confirmed',
}
const EVENT = {
  title: 'Fuzz Quiz Night',
  description: 'Six rounds.',
  date: '2026-12-10',
  time: '19:30',
  endTime: '22:00',
  type: 'quiz_night',
  capacity: 40,
  tags: ['quiz'],
  gallery: ['/uploads/a.webp'],
  status: 'draft',
  bookingType: 'table',
}
const HOUR_EXCEPTION = { date: '2026-12-24', isClosed: false, openTime: '12:00', closeTime: '16:00', lastOrdersTime: '15:00', reason: 'Christmas Eve' }

const HERO_SLIDE = {
  title: 'Fuzz slide',
  subtitle: 'Fuzz subtitle',
  description: 'Fuzz description',
  image: '/images/venue-bar-960.webp',
  buttons: [{ text: 'View Menu', link: '/menu' }],
  order: 1,
  isActive: true,
}

const MENU_SECTION = {
  name: 'Fuzz Menu',
  category: 'wine',
  description: 'Fuzz description',
  pdfUrl: '/uploads/fuzz.pdf',
  imageUrls: ['/images/menu/food-1.webp'],
  backgroundImage: '/images/tile-menu-960.webp',
  isActive: true,
}

const EMAIL_TEMPLATE = {
  templateKey: 'fuzz_notice',
  name: 'Fuzz notice',
  subject: 'A note from {{venueName}}',
  textContent: 'Dear {{customerName}}, see you on {{date}} at {{time}}.',
  htmlContent: '',
  variables: ['customerName', 'date', 'time'],
  isActive: true,
  buttonOneText: 'View Menu',
  buttonOneUrl: '/menu',
}

// A season of every month: the fuzz and audit runs send one, and the area's tables still seat guests on any date.
const AREA = { name: 'Fuzz Terrace', sortOrder: 5, onlineBookable: true, weatherDependent: true, season: { from: 1, to: 12 }, active: true }
const TABLE = { name: 'FZ1', areaId: 1, minCovers: 1, maxCovers: 4, onlineBookable: true, sortOrder: 1, active: true, planX: 2, planY: 3, planWidth: 2, planHeight: 2, shape: 'round' }
const COMBINATION = { tableIds: [1, 2], minCovers: 5, maxCovers: 8, onlineBookable: true, sortOrder: 1, active: true }

/**
 * A valid body per route, mutated by the fuzzer to reach past the first check. Optional.
 * An edit carries the `version` it was read at (issue 33): 1, a stored row's first; a
 * test that must get through reads the row's version now (tests/api/audit-every-change.test.ts).
 */
export const SAMPLES: Record<string, Record<string, unknown>> = {
  'post /api/reservations': guestBooking({ name: 'Fuzz Guest', email: 'fuzz@example.com' }),
  // The seed's first event (an upcoming, published one).
  'post /api/event-enquiries': { eventId: 1, name: 'Fuzz Enquirer', email: 'fuzz-enquiry@example.com', phone: '07700 900 002', partySize: 4, specialRequests: '' },
  'post /api/login': { username: 'nobody-in-particular', password: 'not-the-password' },
  'post /api/admin/cocktails-content': { ...COCKTAILS_DEFAULTS, version: 1 },
  'post /api/admin/reservations': STAFF_BOOKING,
  // The night's service (issue 35): a visit step, and a party seated now without a booking.
  'post /api/admin/reservations/:id/visit': { state: 'arrived' },
  'post /api/admin/walk-ins': { partySize: 2, name: 'Fuzz Walk-in', phone: '07700 900 003', durationMinutes: 60 },
  // The walk-in queue (docs/decisions/0053): a party waiting at the bar, and a friend joining them.
  'post /api/admin/walk-in-queue': { name: 'Fuzz Queue', partySize: 3, phone: '07700 900 004', quotedMinutes: 20, notes: 'At the bar' },
  'patch /api/admin/walk-in-queue/:id': { partySize: 4, version: 1 },
  // The version the booking was read at (a booking never changed is at 1).
  'patch /api/admin/reservations/:id': { ...STAFF_BOOKING, version: 1 },
  'put /api/admin/opening-hours/:dayOfWeek': { openTime: '16:00', version: 1 },
  // A day's booking services (issue 36), within Friday's seeded hours (16:00-23:30) and the sample exception's (12:00-16:00).
  'put /api/admin/opening-hours/:dayOfWeek/services': { services: [{ name: 'Dinner', startTime: '17:30', endTime: '21:00', maxCoversPerSlot: 12 }], version: 1 },
  'put /api/admin/hour-exceptions/:id/services': { services: [{ name: 'Lunch', startTime: '12:00', endTime: '15:00' }], version: 1 },
  'post /api/admin/hour-exceptions': HOUR_EXCEPTION,
  'post /api/admin/events': EVENT,
  // Guests (issue 37): a note at the version read; an erasure with the wrong email (refused, 400: nothing is erased);
  // a merge of two guests that do not exist (404); the retention setting at its default.
  'patch /api/admin/guests/:id': { version: 1, notes: 'Prefers the window table.', allergies: ['peanuts'], tags: ['regular'] },
  'post /api/admin/guests/:id/erase': { confirm: 'not-their-email@example.com' },
  'post /api/admin/guests/merge': { keepId: 999_998, mergeId: 999_999 },
  'put /api/admin/guests/retention': { guestMonths: 24 },
  'patch /api/admin/events/:id': { ...EVENT, version: 1 },
  'patch /api/admin/event-enquiries/:id': { status: 'contacted', notes: 'Called back: a table for four by the fire.', version: 1 },
  'put /api/admin/hour-exceptions/:id': { ...HOUR_EXCEPTION, version: 1 },
  'post /api/admin/hero-slides': HERO_SLIDE,
  'put /api/admin/hero-slides/:id': { ...HERO_SLIDE, version: 1 },
  'post /api/admin/menu-sections': MENU_SECTION,
  'patch /api/admin/menu-sections/:id': { ...MENU_SECTION, version: 1 },
  'patch /api/manage-booking/:token': { date: '2026-12-05', startTime: '19:30', partySize: 3 },
  'post /api/admin/email-templates': EMAIL_TEMPLATE,
  'put /api/admin/email-templates/:id': { ...EMAIL_TEMPLATE, version: 1 },
  'put /api/admin/site-settings/:key': { value: 'Kitchen open until 9pm daily', description: 'Kitchen hours note', version: 1 },
  'put /api/admin/site-settings': { changes: [{ key: 'footer_kitchen_hours', value: 'Kitchen open until 8pm daily', version: 1 }] },
  'post /api/admin/users': { username: 'sample-colleague', firstName: 'Sam', lastName: 'Ple', email: 'sample-colleague@example.com', role: 'staff', password: 'sample-colleague-password' },
  'patch /api/admin/users/:id': { firstName: 'Samuel' },
  'put /api/admin/users/owner-2fa': { required: false },
  'post /api/admin/me/password': { currentPassword: 'not-the-current-one', newPassword: 'a-new-long-password' },
  'post /api/admin/me/totp/verify': { code: '123456' },
  'delete /api/admin/me/totp': { code: '123456' },
  'post /api/admin/areas': AREA,
  'patch /api/admin/areas/:id': { ...AREA, name: 'Fuzz Patio', version: 1 },
  'post /api/admin/areas/:id/closures': { date: '2026-12-18', reason: 'Rain forecast' },
  'post /api/admin/tables': TABLE,
  'patch /api/admin/tables/:id': { planX: 4, planY: 1, version: 1 },
  'post /api/admin/table-combinations': COMBINATION,
  'patch /api/admin/table-combinations/:id': { ...COMBINATION, version: 1 },
  'put /api/admin/turn-times': {
    rules: [
      { minParty: 1, maxParty: 2, durationMinutes: 90, weekday: null },
      { minParty: 3, maxParty: 8, durationMinutes: 120, weekday: null },
    ],
    version: 'from-the-get',
  },
  // A time free on the seeded Saturday (issue 35): the entry's window is 19:00 to 20:00 (see audit-every-change.test.ts).
  'post /api/waitlist': { name: 'Fuzz Waiter', email: 'fuzz-waiter@example.com', phone: '07700 900 003', date: '2026-12-05', partySize: 2, earliestTime: '19:00', latestTime: '20:00' },
  'post /api/admin/waitlist/:id/offer': { startTime: '19:00', version: 1 },
  'post /api/password-reset': { username: 'nobody-in-particular' },
  'post /api/password-reset/:token': { password: 'a-new-long-password' },
}

