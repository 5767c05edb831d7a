import { useQuery } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { ADMIN_SECTIONS, type AdminSectionId } from '../../common/constants'
import { MESSAGES } from '../../common/messages'
import { ADMIN_PANELS } from '~/components/admin/panels'
import { currentUserQuery } from '~/lib/current-user'
import { cn } from '~/lib/utils'
import type { Route } from './+types/admin'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }]
}

function isSection(id: string | null): id is AdminSectionId {
  return ADMIN_SECTIONS.some((s) => s.id === id)
}

export default function Admin() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const user = useQuery(currentUserQuery)

  useEffect(() => {
    if (user.isSuccess && !user.data) navigate('/login', { replace: true })
  }, [user.isSuccess, user.data, navigate])

  if (user.isPending || !user.data) {
    return (
      <main className="flex min-h-screen items-center justify-center" aria-busy="true">
        <p role="status">{MESSAGES.loading}</p>
      </main>
    )
  }

  const requested = params.get('section')
  const section = isSection(requested) ? requested : 'reservations'
  const current = ADMIN_SECTIONS.find((s) => s.id === section)!
  const Panel = ADMIN_PANELS[section]

  return (
    <div className="flex min-h-screen flex-col bg-muted md:flex-row">
      <aside className="border-b bg-primary text-primary-foreground md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <nav aria-label="Administrator" className="flex h-full flex-col p-4">
          <p className="px-3 pb-3 font-display text-lg font-semibold">Administrator</p>
          <ul className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible">
            {ADMIN_SECTIONS.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/admin?section=${s.id}`}
                  aria-current={s.id === section ? 'page' : undefined}
                  className={cn(
                    'block whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white',
                    s.id === section && 'bg-white/15 font-semibold',
                  )}
                >
                  {s.label}
                </Link>
              </li>
            ))}
          </ul>
          <a
            href="/api/logout"
            className="mt-4 flex items-center gap-2 rounded-md px-3 py-2 text-sm hover:bg-white/10 md:mt-auto"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign Out
          </a>
        </nav>
      </aside>
      <main className="flex-1 p-4 md:p-8">
        {Panel ? (
          <Panel />
        ) : (
          <section aria-labelledby="panel-title">
            <h1 id="panel-title" className="text-2xl font-bold">
              {current.label}
            </h1>
          </section>
        )}
      </main>
    </div>
  )
}
