import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, Download } from 'lucide-react'
import * as React from 'react'
import { ALLERGENS, guestLine, ordinal } from '#common/guests'
import type { AdminGuest } from '#common/guests-schema'
import { can } from '#common/permissions'
import { formatInstant, formatLongDate, formatTime12 } from '#common/time'
import { Button } from '~/components/ui/button'
import { buttonVariants } from '~/components/ui/button-variants'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { ApiError, apiRequest } from '~/lib/api'
import { currentUserQuery } from '~/lib/current-user'
import { guestExportUrl, guestKeys, guestQuery } from '~/lib/queries/guests'
import { AdminContext } from '../admin-context'
import { ErrorState, LoadingState } from '../panel'

const message = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : 'Something went wrong. Try again.'

/** A guest's profile: counts, staff's notes form, bookings, enquiries, emails, consents; export and erasure for those allowed. */
export function GuestProfile({ id, onBack }: { id: number; onBack: () => void }) {
  const guest = useQuery(guestQuery(id))
  return (
    <section aria-labelledby="guest-title" className="space-y-5">
      <Button type="button" variant="ghost" size="sm" onClick={onBack}>
        <ArrowLeft aria-hidden="true" /> All guests
      </Button>
      {guest.isPending ? (
        <LoadingState />
      ) : guest.isError ? (
        <ErrorState message={message(guest.error)} onRetry={() => void guest.refetch()} />
      ) : (
        <Profile guest={guest.data} />
      )}
    </section>
  )
}

function Profile({ guest }: { guest: AdminGuest }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const role = useQuery(currentUserQuery).data?.role
  const c = guest.counts
  return (
    <>
      <header className="space-y-1">
        <h1 id="guest-title" className="font-display text-2xl font-bold">
          {guest.name}
        </h1>
        <p className="break-all text-sm text-muted-foreground">
          {[guest.email, guest.phone].filter(Boolean).join(' · ')}
        </p>
        <p className="text-sm" data-testid="guest-line">
          {guestLine({ visits: c.visits, noShows: c.noShows, allergies: guest.allergies, tags: guest.tags }).join(
            ' · ',
          )}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="guest-counts">
        {[
          ['Visits', c.visits],
          ['Covers', c.covers],
          ['No-shows', c.noShows],
          [
            'Cancelled by them',
            c.lateCancellations ? `${c.cancellations} (${c.lateCancellations} late)` : c.cancellations,
          ],
          ['First visit', c.firstVisit ? formatLongDate(c.firstVisit) : '—'],
          ['Last visit', c.lastVisit ? formatLongDate(c.lastVisit) : '—'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border bg-card px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {!guest.erased && can(role, 'guests.write') && <NotesForm key={guest.id} guest={guest} />}
      <h2 className="font-display text-lg font-semibold">Bookings</h2>
      {guest.bookings.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card text-sm">
          {guest.bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap gap-x-3 px-4 py-2">
              <span className="font-semibold">
                {formatLongDate(b.date)}, {formatTime12(b.startTime)}
              </span>
              <span>{b.partySize} guests</span>
              <span className="text-muted-foreground">
                {b.status}
                {b.visitState === 'no_show' ? ', no-show' : ''}
              </span>
              {b.status !== 'cancelled' && b.visitState !== 'no_show' && <span>{ordinal(b.visitNumber)} visit</span>}
            </li>
          ))}
        </ul>
      )}
      {guest.enquiries.length > 0 && (
        <>
          <h2 className="font-display text-lg font-semibold">Enquiries</h2>
          <ul className="list-inside list-disc text-sm">
            {guest.enquiries.map((e) => (
              <li key={e.id}>
                {e.eventTitle} ({e.partySize} guests, {e.status})
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="font-display text-lg font-semibold">Emails sent</h2>
      {guest.emails.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="list-inside list-disc text-sm">
          {guest.emails.map((e) => (
            <li key={e.id}>
              {e.subject ?? e.templateKey}: {e.status}, {formatInstant(e.sentAt ?? e.createdAt, venueTimezone)}
            </li>
          ))}
        </ul>
      )}
      <h2 className="font-display text-lg font-semibold">Marketing consent</h2>
      {guest.consents.length === 0 ? (
        <p className="text-sm text-muted-foreground">Never given.</p>
      ) : (
        <ul className="list-inside list-disc text-sm">
          {guest.consents.map((c) => (
            <li key={c.id}>
              {c.action === 'given' ? 'Given' : 'Withdrawn'} on the {c.place.replace(/_/g, ' ')},{' '}
              {formatInstant(c.at, venueTimezone)}: &ldquo;{c.wording}&rdquo;
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {can(role, 'guests.export') && (
          <a href={guestExportUrl(guest.id)} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" /> Export their data
          </a>
        )}
      </div>
      {!guest.erased && guest.email && can(role, 'guests.erase') && <EraseForm guest={guest} />}
    </>
  )
}

function NotesForm({ guest }: { guest: AdminGuest }) {
  const queryClient = useQueryClient()
  const [notes, setNotes] = React.useState(guest.notes)
  const [allergies, setAllergies] = React.useState<string[]>(guest.allergies)
  const [allergyNotes, setAllergyNotes] = React.useState(guest.allergyNotes)
  const [tags, setTags] = React.useState(guest.tags.join(', '))
  const save = useMutation({
    mutationFn: () =>
      apiRequest<AdminGuest>('PATCH', `/api/admin/guests/${guest.id}`, {
        version: guest.version,
        notes,
        allergies,
        allergyNotes,
        tags: tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(guestKeys.one(guest.id), saved)
      void queryClient.invalidateQueries({ queryKey: guestKeys.all })
    },
    onError: (error) => {
      // Saved by someone else meanwhile: show theirs (the message says who and when); the typing is still here to redo.
      if (error instanceof ApiError && error.code === 'stale_version')
        void queryClient.invalidateQueries({ queryKey: guestKeys.one(guest.id) })
    },
  })
  return (
    <form
      className="space-y-3 rounded-lg border border-border bg-card p-4"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="guest-notes">Notes</Label>
        <Textarea id="guest-notes" maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Allergies</legend>
        <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-3">
          {ALLERGENS.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={allergies.includes(a)}
                onChange={(e) => setAllergies(e.target.checked ? [...allergies, a] : allergies.filter((x) => x !== a))}
              />
              {a}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor="guest-allergy-notes">Other dietary needs</Label>
        <Input
          id="guest-allergy-notes"
          maxLength={500}
          value={allergyNotes}
          onChange={(e) => setAllergyNotes(e.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="guest-tags">Tags (regular, VIP, staff or your own; commas between)</Label>
        <Input id="guest-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
      </div>
      <div aria-live="polite" className="text-sm">
        {save.isError && <p className="text-destructive">{message(save.error)}</p>}
        {save.isSuccess && <p>Saved.</p>}
      </div>
      <Button type="submit" pending={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  )
}

function EraseForm({ guest }: { guest: AdminGuest }) {
  const queryClient = useQueryClient()
  const [confirm, setConfirm] = React.useState('')
  const erase = useMutation({
    mutationFn: () => apiRequest<AdminGuest>('POST', `/api/admin/guests/${guest.id}/erase`, { confirm }),
    onSuccess: (erased) => {
      queryClient.setQueryData(guestKeys.one(guest.id), erased)
      void queryClient.invalidateQueries({ queryKey: guestKeys.all })
    },
  })
  return (
    <form
      className="space-y-2 rounded-lg border border-destructive/40 p-4"
      onSubmit={(e) => {
        e.preventDefault()
        erase.mutate()
      }}
    >
      <h2 className="font-display text-lg font-semibold">Erase this guest</h2>
      <p className="text-sm text-muted-foreground">
        Removes their name, email, phone, notes and requests everywhere, the audit log included. Their bookings keep
        date, time and party size. This cannot be undone.
      </p>
      <Label htmlFor="guest-erase-confirm">Type their email to confirm</Label>
      <Input id="guest-erase-confirm" autoComplete="off" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <div aria-live="polite" className="text-sm text-destructive">
        {erase.isError && message(erase.error)}
      </div>
      <Button
        type="submit"
        variant="destructive"
        pending={erase.isPending}
        disabled={confirm.trim().toLowerCase() !== guest.email!.toLowerCase()}
      >
        Erase guest
      </Button>
    </form>
  )
}
