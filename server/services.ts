import { createUserService } from './auth/users'
import { createCocktailsService } from './cocktails/cocktails-service'
import type { Deps } from './deps'
import { createEventsService } from './events/events-service'
import { createHeroService } from './hero/hero-service'
import { createHousekeeping } from './housekeeping/housekeeping-service'
import { createHoursService } from './hours/hours-service'
import { createMediaService } from './media/media-service'
import { createMenuService } from './menu/menu-service'
import { createReservationsService } from './reservations/reservations-service'
import { createSettingsService } from './settings/settings-service'

/**
 * Every service of the app, built once from the deps. API routers and
 * React Router loaders both call these; neither touches the database directly.
 */
export function createServices(deps: Deps) {
  const settings = createSettingsService(deps.db)
  return {
    users: createUserService(deps.db),
    settings,
    hours: createHoursService(deps.db),
    events: createEventsService(deps.db),
    cocktails: createCocktailsService(deps.db),
    hero: createHeroService(deps.db),
    menu: createMenuService(deps.db),
    media: createMediaService(deps),
    reservations: createReservationsService(deps, { settings }),
    housekeeping: createHousekeeping(deps),
  }
}
export type Services = ReturnType<typeof createServices>
