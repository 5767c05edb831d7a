import { useCallback, useState } from 'react'
import { Outlet, useLocation, useMatches } from 'react-router'
import { daysUntilChristmasFrom } from '#common/countdown'
import { zoneSpan } from '#common/time'
import { ChristmasCountdown, useChristmasDays } from '~/components/site/christmas-countdown'
import { CookieBanner } from '~/components/site/cookie-banner'
import { SiteFooter } from '~/components/site/site-footer'
import { SiteHeader } from '~/components/site/site-header'
import { loadSiteData } from '~/lib/site-data'
import type { Route } from './+types/site-layout'

export async function loader({ context }: Route.LoaderArgs) {
  const site = await loadSiteData(context)
  return {
    ...site,
    christmasDays: daysUntilChristmasFrom(site.today),
    venueSpan: zoneSpan(context.clock.now(), context.venueTimezone),
  }
}

/** A page whose first section is a dark hero exports `handle = { heroUnderNav: true }`. */
export type SiteRouteHandle = { heroUnderNav?: boolean }

/** The public site's frame: skip link, navigation, countdown (home), footer and cookie banner. */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const matches = useMatches()
  const [menuOpen, setMenuOpen] = useState(false)
  const onMenuOpenChange = useCallback((open: boolean) => setMenuOpen(open), [])
  const isHome = pathname === '/'
  const days = useChristmasDays(loaderData.christmasDays, loaderData.venueSpan, loaderData.venueTimezone)
  const showCountdown = isHome && days > 0
  const overHero = matches.some((m) => (m.handle as SiteRouteHandle | undefined)?.heroUnderNav)

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="fixed left-3 top-3 z-[60] -translate-y-24 rounded-md bg-brass px-4 py-2 font-bold text-forest-dark shadow-lg transition-transform focus:translate-y-0"
      >
        Skip to main content
      </a>
      {showCountdown && <ChristmasCountdown days={days} />}
      <SiteHeader
        overHero={overHero}
        belowCountdown={showCountdown}
        menuOpen={menuOpen}
        onMenuOpenChange={onMenuOpenChange}
      />
      <main
        id="main-content"
        tabIndex={-1}
        inert={menuOpen}
        className={
          overHero ? (showCountdown ? 'flex-1 pt-10 outline-none' : 'flex-1 outline-none') : 'flex-1 pt-16 outline-none'
        }
      >
        <Outlet />
      </main>
      <SiteFooter inert={menuOpen} />
      <CookieBanner pixelId={loaderData.metaPixelId} />
    </div>
  )
}
