import { NOTHING_RESEATED } from '#common/tables-schema'
import { createAuditLog } from './audit/audit-log'
import { createAccountService } from './auth/account-service'
import { createStaffAccounts } from './auth/staff-accounts'
import { createUserService } from './auth/users'
import { createCocktailsService } from './cocktails/cocktails-service'
import type { Deps } from './deps'
import { createEmailService } from './email/email-service'
import { createAdminEnquiries } from './events/admin-enquiries'
import { createAdminEvents } from './events/admin-events'
import { createEnquiriesService } from './events/enquiries-service'
import { createEventsService } from './events/events-service'
import { createGuestsService } from './guests/guests-service'
import { createHeroService } from './hero/hero-service'
import { createDaysThatMatter } from './hours/days-that-matter'
import { createHoursService } from './hours/hours-service'
import { createPublicReads } from './http/public-reads'
import { createHousekeeping } from './housekeeping/housekeeping-service'
import { createMediaService } from './media/media-service'
import { createMarketingService } from './marketing/marketing-service'
import { createMenuService } from './menu/menu-service'
import { createGuestBookings } from './reservations/guest-bookings'
import { recordReservationHistory } from './reservations/history'
import { createReservationsService } from './reservations/reservations-service'
import { createChallenges } from './rate-limits/challenge'
import { createStaffReservations } from './reservations/staff-reservations'
import { createAvailabilityExplainer } from './reservations/explain'
import { createVisits } from './reservations/visits'
import { createWalkIns } from './reservations/walk-ins'
import { createWalkInQueue } from './reservations/walk-in-queue'
import { createVisitEmails } from './email/visit-emails'
import { createSettingsService } from './settings/settings-service'
import { createFloorPlan } from './tables/floor-plan'
import { reseatClosedArea } from './reservations/weather-moves'
import { createTurnTimes } from './tables/turn-times'
import { createLiveHub, type LiveLimits } from './live/live-hub'
import { createWaitlist } from './waitlist/waitlist-service'

/**
 * Every service of the app, built once from the deps. API routers and
 * React Router loaders both call these; neither touches the database directly.
 */
export function createServices(deps: Deps, options: { liveLimits?: LiveLimits } = {}) {
  // Public JSON reads kept in memory a moment; every change below drops the answers built on it.
  const publicReads = createPublicReads({ clock: deps.clock })
  const settings = createSettingsService(deps.db, Date.now, {
    timeZone: deps.config.venueTimezone,
    onChange: () => publicReads.drop('settings', 'availability'),
    publicUrl: deps.config.publicUrl,
  })
  // The public forms' proof-of-work challenge (docs/decisions/0021).
  const challenges = createChallenges({ secret: deps.config.sessionSecret })
  const reservations = createReservationsService(deps, {
    settings,
    challenges,
    onForgetDays: (dates) => (dates ? publicReads.drop(...dates.map((date) => `date:${date}` as const)) : publicReads.drop('availability')),
  })
  // Every change of a booking, by staff or guest, commits with its history line.
  recordReservationHistory(reservations.events, deps.clock)
  const events = createEventsService(deps.db)
  // Listens to reservations' events: their emails commit with the change that causes them.
  const email = createEmailService(deps, { settings, reservationEvents: reservations.events })
  const users = createUserService(deps.db)
  // A change to the floor plan or the turn times changes which times are offered: the cached days are dropped.
  const walkIns = createWalkIns(deps, { settings, events: reservations.events, forgetDays: reservations.forgetDays })
  const forgetAvailability = () => {
    publicReads.drop('availability')
    reservations.forgetDays()
  }
  return {
    users,
    account: createAccountService(deps, { users }),
    staffAccounts: createStaffAccounts(deps),
    auditLog: createAuditLog(deps),
    settings,
    // A change to the hours shows in availability at once: the cached days are dropped.
    hours: createHoursService(deps.db, {
      timeZone: deps.config.venueTimezone,
      onChange: () => {
        publicReads.drop('hours')
        reservations.forgetDays()
      },
    }),
    daysThatMatter: createDaysThatMatter(deps),
    events,
    enquiries: createEnquiriesService(deps, { events, messages: email.enquiryStatements }),
    adminEvents: createAdminEvents(deps, { onChange: () => publicReads.drop('events') }),
    adminEnquiries: createAdminEnquiries(deps),
    cocktails: createCocktailsService(deps.db, deps.logger, { timeZone: deps.config.venueTimezone }),
    hero: createHeroService(deps.db, { timeZone: deps.config.venueTimezone }),
    menu: createMenuService(deps.db, { timeZone: deps.config.venueTimezone }),
    marketing: createMarketingService(deps),
    guests: createGuestsService(deps),
    media: createMediaService(deps),
    reservations,
    challenges,
    publicReads,
    staffReservations: createStaffReservations(deps, { settings, events: reservations.events, forgetDays: reservations.forgetDays }),
    guestBookings: createGuestBookings(deps, { settings, events: reservations.events, forgetDays: reservations.forgetDays }),
    availabilityExplainer: createAvailabilityExplainer(deps, { settings }),
    // The night's service (issue 35): visit states and walk-ins, under the same date locks as every seating path.
    visits: createVisits(deps, { settings, events: reservations.events, forgetDays: reservations.forgetDays }),
    walkIns,
    // The parties waiting at the bar for a table (docs/decisions/0053): Walk-in seats them.
    walkInQueue: createWalkInQueue(deps, { freeNow: walkIns.freeNow }),
    email,
    visitEmails: createVisitEmails(deps, { settings, email }),
    housekeeping: createHousekeeping(deps),
    floorPlan: createFloorPlan(deps, {
      onChange: forgetAvailability,
      // Closing the garden for rain moves its bookings inside (issue 34 item 6); other closures move nothing.
      onAreaClosed: async (client, closure, actor) => (closure.weatherDependent ? reseatClosedArea(client, closure, actor, deps.clock.now()) : NOTHING_RESEATED),
    }),
    turnTimes: createTurnTimes(deps, { settings, onChange: forgetAvailability }),
    // The staff screens' live changes (issue 35): fed by the instance's listener when createApp is given one.
    live: createLiveHub({
      logger: deps.logger,
      limits: options.liveLimits,
      sessionsLeft: async (sids) => {
        // Unexpired as the session store's own read decides it: by the wall clock, not the test clock (connect-pg-simple).
        const { rows } = await deps.db.$client.query<{ sid: string }>('select sid from session where sid = any($1::text[]) and expire >= $2', [sids, new Date()])
        return new Set(rows.map((r) => r.sid))
      },
    }),
    // Listens to reservations' events: a cancellation or change queues its date's offers; a claim marks its entry (issue 35).
    waitlist: createWaitlist(deps, { settings, reservations, events: reservations.events }),
  }
}
export type Services = ReturnType<typeof createServices>
