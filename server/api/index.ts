import type { Deps } from '../deps'
import type { ApiRoutes } from '../http/routes'
import type { Services } from '../services'
import { adminAccountRoutes } from './admin-account-routes'
import { adminAuditRoutes } from './admin-audit-routes'
import { adminCocktailsRoutes } from './admin-cocktails-routes'
import { adminEmailRoutes } from './admin-email-routes'
import { adminEventsRoutes } from './admin-events-routes'
import { adminGuestsRoutes } from './admin-guests-routes'
import { adminHeroRoutes } from './admin-hero-routes'
import { adminHoursRoutes } from './admin-hours-routes'
import { adminLiveRoutes } from './admin-live-routes'
import { adminMarketingRoutes } from './admin-marketing-routes'
import { adminMenuRoutes } from './admin-menu-routes'
import { adminNoticesRoutes } from './admin-notices-routes'
import { adminReservationRoutes } from './admin-reservation-routes'
import { adminServiceRoutes } from './admin-service-routes'
import { adminSettingsRoutes } from './admin-settings-routes'
import { adminTablesRoutes } from './admin-tables-routes'
import { adminUsersRoutes } from './admin-users-routes'
import { authRoutes } from './auth-routes'
import { eventEnquiryRoutes } from './event-enquiry-routes'
import { healthRoutes } from './health-routes'
import { heroRoutes } from './hero-routes'
import { manageBookingRoutes } from './manage-booking-routes'
import { menuRoutes } from './menu-routes'
import { passwordResetRoutes } from './password-reset-routes'
import { publicContentRoutes } from './public-content-routes'
import { reservationRoutes } from './reservation-routes'
import { publicSettingsRoutes } from './settings-routes'
import { uploadRoutes } from './upload-routes'
import { adminWaitlistRoutes, waitlistRoutes } from './waitlist-routes'

/**
 * Every API router of the app. Each feature adds its router here; admin
 * routes live under /api/admin and each names its permission (common/permissions.ts).
 */
export function apiRoutes(services: Services, deps: Deps): ApiRoutes[] {
  return [
    healthRoutes(deps.db),
    authRoutes(services, deps),
    passwordResetRoutes(services, deps),
    adminAccountRoutes(services),
    adminUsersRoutes(services),
    adminAuditRoutes(services),
    publicSettingsRoutes(services),
    publicContentRoutes(services, deps),
    heroRoutes(services),
    menuRoutes(services),
    adminCocktailsRoutes(services),
    adminReservationRoutes(services),
    adminServiceRoutes(services),
    adminLiveRoutes(services),
    adminHoursRoutes(services),
    adminNoticesRoutes(services),
    adminEmailRoutes(services),
    adminEventsRoutes(services),
    adminMarketingRoutes(services),
    adminGuestsRoutes(services),
    adminHeroRoutes(services),
    adminSettingsRoutes(services),
    adminMenuRoutes(services),
    adminTablesRoutes(services),
    uploadRoutes(services),
    reservationRoutes(services),
    manageBookingRoutes(services, deps),
    eventEnquiryRoutes(services, deps),
    waitlistRoutes(services, deps),
    adminWaitlistRoutes(services),
  ]
}
