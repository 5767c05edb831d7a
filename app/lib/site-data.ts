import { useRouteLoaderData, type AppLoadContext } from 'react-router'
import { displayHours, openingHoursSpecification, type HoursLine, type OpeningHoursSpec } from '#common/hours-display'
import { DEFAULT_KITCHEN_HOURS } from '#common/settings'
import { todayIn } from '#common/time'

export type Venue = Awaited<ReturnType<AppLoadContext['services']['settings']['venue']>>

/** What the public site's layout loader gives every page (footer, mobile menu, contact, JSON-LD). */
export type SiteData = {
  venue: Venue
  hours: HoursLine[]
  kitchenNote: string
  /** schema.org opening hours, from the same source as `hours`. */
  openingHoursSpec: OpeningHoursSpec[]
  /** The Meta Pixel id, only when configured (the pixel still waits for consent). */
  metaPixelId: string | null
  /** Today in the venue's zone ('YYYY-MM-DD'), from the server clock. */
  today: string
  venueTimezone: string
}

/** Server side: read the venue details and the one source of opening hours. Called by the layout loader. */
export async function loadSiteData(context: AppLoadContext): Promise<SiteData> {
  const { settings, hours } = context.services
  const [venue, footer, rows] = await Promise.all([
    settings.venue(),
    settings.getMany(['footer_opening_hours', 'footer_kitchen_hours']),
    hours.openingHours(),
  ])
  return {
    venue,
    hours: displayHours(footer.footer_opening_hours, rows),
    kitchenNote: footer.footer_kitchen_hours?.trim() || DEFAULT_KITCHEN_HOURS,
    openingHoursSpec: openingHoursSpecification(footer.footer_opening_hours, rows),
    metaPixelId: context.metaPixelId || null,
    today: todayIn(context.clock.now(), context.venueTimezone),
    venueTimezone: context.venueTimezone,
  }
}

export const SITE_LAYOUT_ROUTE_ID = 'routes/site-layout'

/** The public layout's data, from any page inside the layout. */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as SiteData | undefined
  if (!data) throw new Error('useSiteData() must be used inside the public site layout')
  return data
}

export { telHref } from './tel'
