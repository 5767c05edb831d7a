import { useQuery } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { MESSAGES } from '#common/messages'
import { can, ROLE_LABELS } from '#common/permissions'
import { STAFF_MESSAGES, type CurrentStaff } from '#common/staff-schema'
import { AdminContext } from '~/components/admin/admin-context'
import { useLeaveGuardWhileSaving } from '~/components/admin/leave-guard'
import { BannersThenPanel } from '~/components/admin/notice-banners'
import { LiveChannel } from '~/components/admin/live-banner'
import { SignedOut } from '~/components/admin/signed-out'
import { defaultSectionId, sectionsFor } from '~/components/admin/sections'
import { currentUserQuery } from '~/lib/current-user'
import { sessionEnded } from '~/lib/staff-session'
import { cn } from '~/lib/utils'
import type { Route } from './+types/admin'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }]
}

/** The venue's time zone, so "Today" in the back-office is the venue's today. */
export function loader({ context }: Route.LoaderArgs) {
  return { venueTimezone: context.venueTimezone }
}

/**
 * Moving between sections keeps the loader's answer (the zone is the app's configuration): no request on each
 * move, and none to fail when the connection drops, which showed the error page in place of the back-office.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const user = useQuery(currentUserQuery)
  // The default section is chosen by the time the back-office was opened: it does not change under staff at 3 pm.
  const [openedAt] = useState(() => new Date())
  useLeaveGuardWhileSaving()

  // Who was signed in here. A session that ends under an open screen keeps it: staff sign in again where they
  // are (SignedOut), rather than going to /login and losing what is on the screen. Nobody from the start: /login.
  const [known, setKnown] = useState<CurrentStaff | null>(null)
  useEffect(() => {
    if (user.data) setKnown(user.data)
    else if (user.isSuccess && known) sessionEnded({ ask: false })
    else if (user.isSuccess) navigate('/login', { replace: true })
  }, [user.isSuccess, user.data, known, navigate])
  const staff = user.data ?? known

  if (!staff) {
    return (
      <main className="flex min-h-screen items-center justify-center" aria-busy="true">
        <p role="status">{MESSAGES.loading}</p>
      </main>
    )
  }

  // The sidebar offers what the role may use; an owner who must first turn on 2FA gets only their account.
  const allowed = sectionsFor(staff.role).filter((s) => !staff.mustEnrolTotp || s.id === 'account')
  const fallback = defaultSectionId(staff.role, openedAt, loaderData.venueTimezone)
  const current = allowed.find((s) => s.id === params.get('section')) ?? allowed.find((s) => s.id === fallback) ?? allowed[0]!
  const Panel = current.Panel

  return (
    <AdminContext.Provider value={{ venueTimezone: loaderData.venueTimezone }}>
      <div className="flex min-h-screen flex-col bg-muted md:flex-row print:block print:bg-white">
        <aside className="border-b bg-primary text-primary-foreground md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 md:overflow-y-auto md:border-b-0 md:border-r print:hidden">
          <nav aria-label="Administrator" className="flex h-full flex-col p-3 md:p-4">
            <div className="flex items-center justify-between gap-2 px-3 pb-2 md:pb-3">
              <div>
                <p className="font-display text-lg font-semibold">Administrator</p>
                <p className="text-xs text-primary-foreground/80" data-testid="signed-in-as">
                  {staff.username} · {ROLE_LABELS[staff.role]}
                </p>
              </div>
              <a href="/api/logout" className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-white/10 md:hidden">
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Sign Out
              </a>
            </div>
            {/* Relative: a count's screen-reader words (sr-only, absolutely placed) are kept within the scrolled row on a
                phone; placed by the page instead, the last badges' words widened the page to 900 px. */}
            <ul className="relative -mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
              {allowed.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/admin?section=${s.id}`}
                    aria-current={s.id === current.id ? 'page' : undefined}
                    className={cn(
                      'flex items-center justify-between gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white',
                      s.id === current.id && 'bg-white/15 font-semibold',
                    )}
                  >
                    {s.label}
                    {s.Badge && <s.Badge />}
                  </Link>
                </li>
              ))}
            </ul>
            <a
              href="/api/logout"
              className="mt-4 hidden items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-white/10 md:mt-auto md:flex"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign Out
            </a>
          </nav>
        </aside>
        <main className="min-w-0 flex-1 p-4 focus:outline-none md:p-8 print:p-0" tabIndex={-1} data-focus-fallback>
          <SignedOut username={staff.username} />
          {staff.mustEnrolTotp && (
            <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950">
              {STAFF_MESSAGES.totpSetupRequired}
            </p>
          )}
          {/* Every screen below is live: a change anywhere refetches what it shows (issue 35). */}
          {!staff.mustEnrolTotp && <LiveChannel />}
          {/* The banners ask for hours and the site's address: shown to the roles that can set them. */}
          <BannersThenPanel banners={!staff.mustEnrolTotp && can(staff.role, 'content.write')} preload={current.preload}>
            {Panel ? (
              <Panel key={current.id} />
            ) : (
              <section aria-labelledby="panel-title">
                <h1 id="panel-title" className="text-2xl font-bold">
                  {current.label}
                </h1>
              </section>
            )}
          </BannersThenPanel>
        </main>
      </div>
    </AdminContext.Provider>
  )
}
