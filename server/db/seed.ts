import { assignWaitingBookings } from '../reservations/table-assignment'
import { eq, sql } from 'drizzle-orm'
import { slugify } from '#common/slug'
import {
  BOOKING_SETTING_DEFAULTS,
  COCKTAILS_DEFAULTS,
  FOOTER_SETTING_DEFAULTS,
  SETTING_DESCRIPTIONS,
  VENUE_SETTING_DEFAULTS,
} from '#common/settings'
import { addDays, todayIn } from '#common/time'
import { seedMenuSections } from '../menu/menu-seed'
import type { Db } from './client'
import { seedDemoPlan } from './demo-plan'
import { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey } from '#common/email'
import { defaultTemplate } from '../email/default-templates'
import { defaultLastOrders } from '#common/last-orders'
import { cocktailsContent, emailTemplates, eventCategories, events, openingHours, siteSettings } from './schema'

/** Opening hours of SPEC.md section 9, 0 Sunday to 6 Saturday. */
export const DEFAULT_OPENING_HOURS = [
  { dayOfWeek: 0, openTime: '12:00', closeTime: '19:30', isClosed: false },
  { dayOfWeek: 1, openTime: null, closeTime: null, isClosed: true },
  { dayOfWeek: 2, openTime: null, closeTime: null, isClosed: true },
  { dayOfWeek: 3, openTime: '16:00', closeTime: '22:30', isClosed: false },
  { dayOfWeek: 4, openTime: '16:00', closeTime: '22:30', isClosed: false },
  { dayOfWeek: 5, openTime: '16:00', closeTime: '23:30', isClosed: false },
  { dayOfWeek: 6, openTime: '12:00', closeTime: '23:30', isClosed: false },
  // The kitchen's last orders (issue 36): 9 pm daily, 6 pm on Sunday, as the policy pages say.
].map((day) => ({ ...day, lastOrdersTime: defaultLastOrders(day.dayOfWeek) }))

/** The event categories staff choose from (SPEC.md section 3), one per kind of event the pub runs. */
export const DEFAULT_EVENT_CATEGORIES = [
  { name: 'Live Music', description: 'Bands, folk sessions and jazz', color: '#7C3AED' },
  { name: 'Quiz Night', description: 'Pub quizzes and games nights', color: '#2563EB' },
  { name: 'Food & Drink', description: 'Tastings, suppers and seasonal menus', color: '#B45309' },
  { name: 'Private Hire', description: 'Garden and room hire', color: '#047857' },
  { name: 'Special Event', description: 'Everything else worth a night out', color: '#6B7280' },
]

/** The site_settings row that lists the email templates seeded so far (keys, comma-separated). */
export const TEMPLATES_SEEDED_SETTING = 'email_templates_seeded'

/** The templates the first release seeded, before that list was kept: a database with templates and no list had these. */
const FIRST_RELEASE_TEMPLATE_KEYS: readonly EmailTemplateKey[] = [
  'booking_confirmed',
  'booking_pending',
  'booking_approved',
  'booking_cancelled',
  'enquiry_received',
  'staff_new_booking',
  'staff_new_enquiry',
]

/**
 * Seeds each default email template once in the database's life: a template a
 * new release adds is seeded at the next start, and one staff deleted stays
 * deleted (Quick Setup brings it back when they want it). The keys seeded so
 * far are kept in the TEMPLATES_SEEDED_SETTING row, hidden from Settings.
 */
async function seedEmailTemplates(db: Db): Promise<void> {
  const [list] = await db.select().from(siteSettings).where(eq(siteSettings.settingKey, TEMPLATES_SEEDED_SETTING))
  let seeded: readonly string[]
  if (list) seeded = list.settingValue.split(',')
  else {
    const [{ templates }] = (await db.execute(sql`select count(*)::int as templates from email_templates`)).rows as [{ templates: number }]
    seeded = templates === 0 ? [] : FIRST_RELEASE_TEMPLATE_KEYS
  }
  const missing = EMAIL_TEMPLATE_KEYS.filter((key) => !seeded.includes(key))
  if (missing.length === 0) return
  await db.insert(emailTemplates).values(missing.map(defaultTemplate)).onConflictDoNothing({ target: emailTemplates.templateKey })
  const value = [...new Set([...seeded, ...missing])].join(',')
  await db
    .insert(siteSettings)
    .values({ settingKey: TEMPLATES_SEEDED_SETTING, settingValue: value, description: 'Email templates seeded so far: one staff deleted is not seeded again' })
    .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue: value, updatedAt: sql`now()` } })
}

/** The next date on or after `from` that falls on `weekday`. */
function nextWeekday(from: string, weekday: number): string {
  const d = new Date(`${from}T12:00:00Z`)
  const diff = (weekday - d.getUTCDay() + 7) % 7
  return addDays(from, diff)
}

function demoEvents(today: string) {
  const base = [
    {
      title: 'Acoustic Friday: The Hadham Folk Trio',
      type: 'live_music',
      offset: 6,
      weekday: 5,
      time: '20:00',
      endTime: '22:30',
      price: 'Free',
      capacity: 60,
      bookingType: 'table',
      shortDescription: 'Fiddle, guitar and close harmonies by the fire.',
      description:
        'The Hadham Folk Trio return with an evening of traditional songs and new tunes.\n\nBook a table for dinner before the music starts at eight, or settle into the bar with a pint.',
      tags: ['music', 'free entry'],
    },
    {
      title: 'Wheatsheaf Pub Quiz',
      type: 'quiz_night',
      offset: 13,
      weekday: 3,
      time: '19:30',
      endTime: '22:00',
      price: '2.00',
      capacity: 48,
      bookingType: 'table',
      shortDescription: 'Teams of up to six, a cash jackpot and a picture round.',
      description:
        'Our monthly quiz with six rounds, a picture round and a jackpot that rolls over.\n\nTeams of up to six. £2 per person, all proceeds to the village hall fund.',
      tags: ['quiz'],
    },
    {
      title: 'English Wine Tasting Evening',
      type: 'wine_tasting',
      offset: 30,
      weekday: 4,
      time: '19:00',
      endTime: '21:30',
      price: '35.00',
      capacity: 24,
      bookingType: 'enquiry',
      shortDescription: 'Six wines from Hertfordshire and Essex vineyards with small plates.',
      description:
        'Taste six English wines from vineyards within thirty miles of the pub, each paired with a small plate from our kitchen.\n\nPlaces are limited: send us an enquiry and we will confirm by phone.',
      tags: ['wine', 'tasting'],
      depositRequired: '£10 per person',
    },
    {
      title: 'Burns Night Supper',
      type: 'special_event',
      offset: 55,
      weekday: 6,
      time: '18:30',
      endTime: '23:00',
      price: '42.00',
      capacity: 50,
      bookingType: 'table',
      shortDescription: 'Haggis, neeps and tatties, a piper and a wee dram.',
      description:
        'Three courses of Scottish fare, the Address to a Haggis and a piper to play us in.\n\nA dram of single malt is included with every ticket.',
      tags: ['dinner', 'seasonal'],
      depositRequired: '£10 per person',
    },
    {
      title: 'Garden Party Private Hire Open Day',
      type: 'private_hire',
      offset: 75,
      weekday: 0,
      time: '12:00',
      endTime: '16:00',
      price: 'Free',
      capacity: null,
      bookingType: 'enquiry',
      shortDescription: 'See the garden, meet the team and plan your summer party.',
      description:
        'Thinking about a birthday, wedding reception or work do in our garden? Come and look around, taste a sample of the buffet menu and talk dates with our events team.',
      tags: ['private hire', 'garden'],
    },
    {
      title: 'Spring Jazz Sunday',
      type: 'live_music',
      offset: 100,
      weekday: 0,
      time: '13:00',
      endTime: '16:00',
      price: 'Free',
      capacity: 70,
      bookingType: 'table',
      shortDescription: 'Sunday roast with a swing quartet.',
      description:
        'The Stort Valley Swing Quartet play standards while you enjoy a Sunday roast.\n\nBook a table for lunch: music from one o’clock.',
      tags: ['music', 'sunday lunch'],
    },
  ]
  return base.map(({ offset, weekday, ...e }) => ({
    ...e,
    slug: slugify(e.title),
    date: nextWeekday(addDays(today, offset), weekday),
    status: 'published',
    venue: `${VENUE_SETTING_DEFAULTS.venue_name}, ${VENUE_SETTING_DEFAULTS.venue_town}`,
    image: null,
  }))
}

/** The site_settings row saying whether the demo floor plan was drawn ('drawn') or passed over ('skipped'): decided once. */
export const DEMO_PLAN_SETTING = 'demo_plan_seeded'

/**
 * The demo floor plan goes into a new install only, with the demo events, and
 * the choice is made once (decision 0022): a pub already running when tables
 * arrived never gets a plan drawn under its bookings, even if it later deletes
 * every event. `wanted` is false for the test databases and the browser
 * tests' server (DEMO_PLAN=false).
 */
async function considerDemoPlan(db: Db, { wanted, firstRun }: { wanted: boolean; firstRun: boolean }) {
  const [decided] = await db.select().from(siteSettings).where(eq(siteSettings.settingKey, DEMO_PLAN_SETTING))
  if (decided) return
  const drawn = wanted && firstRun && (await seedDemoPlan(db))
  await db
    .insert(siteSettings)
    .values({ settingKey: DEMO_PLAN_SETTING, settingValue: drawn ? 'drawn' : 'skipped', description: 'Whether the demo floor plan was drawn on the first run (decided once)' })
    .onConflictDoNothing({ target: siteSettings.settingKey })
}

/**
 * Fills an empty database with the demo venue. Every insert skips rows that
 * exist already, so it never overwrites what staff changed and can run twice.
 * `demoPlan` draws the demo floor plan on a first run (off unless asked: see considerDemoPlan).
 */
export async function seed(db: Db, options: { now: Date; timeZone: string; demoPlan?: boolean }): Promise<void> {
  const settings = {
    ...VENUE_SETTING_DEFAULTS,
    ...FOOTER_SETTING_DEFAULTS,
    ...BOOKING_SETTING_DEFAULTS,
  }
  await db
    .insert(siteSettings)
    .values(
      Object.entries(settings).map(([settingKey, settingValue]) => ({
        settingKey,
        settingValue,
        description: SETTING_DESCRIPTIONS[settingKey] ?? null,
      })),
    )
    .onConflictDoNothing({ target: siteSettings.settingKey })

  await db.insert(openingHours).values(DEFAULT_OPENING_HOURS).onConflictDoNothing()

  await db
    .insert(cocktailsContent)
    .values({ id: 1, ...COCKTAILS_DEFAULTS })
    .onConflictDoNothing()

  await seedEmailTemplates(db)

  // Categories go into a database that has none, so ones staff removed do not come back.
  const [{ categories }] = (await db.execute(sql`select count(*)::int as categories from event_categories`)).rows as [{ categories: number }]
  if (categories === 0) await db.insert(eventCategories).values(DEFAULT_EVENT_CATEGORIES).onConflictDoNothing()

  // Demo events only go into a database that has never had any.
  const [{ count }] = (await db.execute(sql`select count(*)::int as count from events`)).rows as [
    { count: number },
  ]
  if (count === 0) {
    await db.insert(events).values(demoEvents(todayIn(options.now, options.timeZone))).onConflictDoNothing()
    // The demo menus go in with the demo events, so menus staff deleted never come back on restart.
    await seedMenuSections(db)
  }
  await considerDemoPlan(db, { wanted: options.demoPlan ?? false, firstRun: count === 0 })

  // Once a plan is drawn, bookings made before it are seated at tables (issue 34); none are dropped.
  await assignWaitingBookings(db, { today: todayIn(options.now, options.timeZone), now: options.now })
}
