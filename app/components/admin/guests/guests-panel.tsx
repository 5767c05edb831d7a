import { useQuery } from '@tanstack/react-query'
import { Search, Users } from 'lucide-react'
import * as React from 'react'
import { GUEST_TAGS } from '#common/guests'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { can } from '#common/permissions'
import { cn } from '~/lib/utils'
import { currentUserQuery } from '~/lib/current-user'
import { guestListQuery } from '~/lib/queries/guests'
import { EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { GuestProfile } from './guest-profile'
import { RetentionForm } from './retention-form'

/** How long the search waits after the last key before asking the server. */
const TYPING_MS = 250

/**
 * Guests (issue 37): search by name, email or phone, 50 a page, and a guest's
 * profile with their visits, notes, allergies and tags.
 */
export default function GuestsPanel() {
  const [typed, setTyped] = React.useState('')
  const [q, setQ] = React.useState('')
  const [page, setPage] = React.useState(1)
  const [open, setOpen] = React.useState<number | null>(null)
  React.useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim())
      setPage(1)
    }, TYPING_MS)
    return () => clearTimeout(timer)
  }, [typed])
  const list = useQuery({ ...guestListQuery(q, page), placeholderData: (previous) => previous })
  const role = useQuery(currentUserQuery).data?.role

  if (open !== null) return <GuestProfile id={open} onBack={() => setOpen(null)} />
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1
  // The list on screen is an earlier search's while the typing settles and the new one loads: it is dimmed
  // and marked busy, as its rows are about to move (a tap as they move can land on another row, or none).
  const stale = typed.trim() !== q || list.isPlaceholderData
  return (
    <section aria-labelledby="guests-title" className="space-y-5">
      <PanelHeader
        titleId="guests-title"
        title="Guests"
        description="Everyone who has booked or enquired with an email: their visits, notes, allergies and tags."
      />
      {can(role, 'retention.manage') && <RetentionForm />}
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="guest-search">Search guests</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="guest-search"
            type="search"
            className="pl-9"
            placeholder="Name, email or phone"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message="The guests could not be loaded." onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState
          title={q ? 'No guest matches' : 'No guests yet'}
          icon={<Users aria-hidden="true" className="size-8 text-muted-foreground" />}
        >
          {q ? 'Try part of the name, the email, or the phone number.' : 'Guests appear here as they book.'}
        </EmptyState>
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-muted-foreground" data-testid="guest-count">
            {list.data.total === 1 ? '1 guest' : `${list.data.total} guests`}
            {pages > 1 && `, page ${page} of ${pages}`}
          </p>
          <ul
            className={cn('divide-y divide-border rounded-lg border border-border bg-card', stale && 'opacity-60')}
            aria-busy={stale}
            data-testid="guest-list"
          >
            {list.data.guests.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setOpen(g.id)}
                >
                  <span className="font-semibold">{g.name}</span>
                  <span className="min-w-0 break-all text-sm text-muted-foreground">{g.email}</span>
                  <span className="text-sm text-muted-foreground">{g.phone}</span>
                  {g.allergies.length > 0 && (
                    <span className="rounded bg-destructive/10 px-1.5 text-xs font-semibold text-destructive">
                      Allergies: {g.allergies.join(', ')}
                    </span>
                  )}
                  {g.tags.map((tag) => (
                    <span
                      key={tag}
                      className={`rounded px-1.5 text-xs ${(GUEST_TAGS as readonly string[]).includes(tag) ? 'bg-brass/30 font-semibold' : 'bg-muted'}`}
                    >
                      {tag}
                    </span>
                  ))}
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex gap-2">
              <Button type="button" variant="outline" size="sm" disabled={page <= 1} focusableWhenDisabled onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={page >= pages}
                focusableWhenDisabled
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}
