import { CalendarPlus, CheckCircle2, Phone } from 'lucide-react'
import { useRef, useState } from 'react'
import type { DateException, WeeklyHours } from '#common/availability'
import { FOOD_DRINKS_LABELS } from '#common/constants'
import {
  GUEST_CHANGE_CUTOFF_HOURS,
  GUEST_STATUS_LABELS,
  MANAGE_MESSAGES as M,
  type ManageView,
} from '#common/manage-booking'
import { formatLongDate, formatTime12 } from '#common/time'
import { buttonVariants, unavailableProps } from '~/components/ui/button-variants'
import { LoadFailed } from '~/components/ui/load-failed'
import { onDemand } from '~/components/ui/on-demand'
import { ApiError, apiRequest } from '~/lib/api'
import { telHref } from '~/lib/tel'
import { cx } from '~/lib/cx'

const ChangeForm = onDemand(() => import('./manage-booking-change').then((m) => m.default), {
  loading: (
    <p role="status" className="rounded-2xl border border-border bg-card p-6 text-muted-foreground">
      Loading the calendar...
    </p>
  ),
  failed: (retry, props) => <LoadFailed retry={retry} close={props.onClose} />,
})

type Props = {
  initial: ManageView
  token: string
  today: string
  openingHours: WeeklyHours[]
  exceptions: DateException[]
}

type Notice = { tone: 'success' | 'error'; text: string }

/**
 * The guest's booking, and what they may do with it: while the visit is more
 * than GUEST_CHANGE_CUTOFF_HOURS away, move it (the calendar and times of
 * /booking, with the same rules on the server) or cancel it after a
 * confirmation; inside that, phone. Every outcome is said in a live region at
 * the top, where focus goes.
 */
export function ManageBooking({ initial, token, today, openingHours, exceptions }: Props) {
  const [view, setView] = useState(initial)
  const [mode, setMode] = useState<'view' | 'change'>('view')
  const [notice, setNotice] = useState<Notice | null>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const { booking, state, venuePhone } = view
  const base = `/api/manage-booking/${token}`

  const announce = (next: Notice) => {
    setNotice(next)
    // After React has drawn it: focus moves to the outcome, so a screen reader reads it first.
    requestAnimationFrame(() => noticeRef.current?.focus())
  }
  const fail = (error: unknown) => {
    const text = error instanceof ApiError ? error.serverMessage : M.failed
    announce({ tone: 'error', text })
    // The booking may have changed (cancelled by staff, or now inside the 2 hours): show it as it is now.
    if (error instanceof ApiError && error.status === 409)
      void apiRequest<ManageView>('GET', base).then(setView, () => undefined)
  }

  return (
    <div className="grid gap-8">
      <header>
        <p className="text-sm font-semibold uppercase tracking-[0.25em] text-oak">Manage your booking</p>
        <h1 className="mt-2 text-4xl font-semibold text-primary sm:text-5xl">Your booking</h1>
      </header>

      <div ref={noticeRef} tabIndex={-1} role="status" aria-live="polite" className="outline-none empty:hidden">
        {notice && (
          <p
            className={cx(
              'flex gap-3 rounded-md border px-4 py-3 font-semibold',
              notice.tone === 'success'
                ? 'border-forest bg-accent text-forest-dark'
                : 'border-destructive bg-destructive/10 text-destructive',
            )}
          >
            {notice.tone === 'success' && <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />}
            {notice.text}
          </p>
        )}
      </div>

      <BookingDetails view={view} />

      {state === 'open' && mode === 'view' && (
        <Actions
          view={view}
          base={base}
          onChange={() => {
            setNotice(null)
            setMode('change')
          }}
          onCancelled={(next) => {
            setView(next)
            announce({ tone: 'success', text: M.cancelledNow(next.booking.email) })
          }}
          onError={fail}
        />
      )}
      {state === 'open' && mode === 'change' && (
        <ChangeForm
          view={view}
          base={base}
          today={today}
          openingHours={openingHours}
          exceptions={exceptions}
          onDone={(next, changed) => {
            setView(next)
            setMode('view')
            if (!changed) announce({ tone: 'error', text: M.unchanged })
            else
              announce({
                tone: 'success',
                text:
                  next.booking.status === 'pending'
                    ? M.changedPending(next.booking.email)
                    : M.changed(next.booking.email),
              })
          }}
          onClose={() => setMode('view')}
          onError={fail}
        />
      )}
      {state === 'phone' && (
        <div className="grid gap-4 rounded-md border border-brass bg-accent px-4 py-4">
          <p className="flex gap-3">
            <Phone className="mt-1 size-4 shrink-0 text-oak" aria-hidden="true" />
            {M.phoneOnly(venuePhone)}
          </p>
          <div>
            <a href={telHref(venuePhone)} className={buttonVariants({ size: 'lg' })}>
              Call {venuePhone}
            </a>
          </div>
        </div>
      )}
      {state === 'cancelled' && !notice && <p className="text-lg">{M.cancelled}</p>}
      {state === 'cancelled' && (
        <div>
          <a href="/booking" className={buttonVariants({ size: 'lg' })}>
            Book another table
          </a>
        </div>
      )}
      {state === 'past' && <p className="text-lg">{M.past}</p>}
      {booking.status !== 'cancelled' && state !== 'past' && (
        <p className="text-sm text-muted-foreground">
          Changes can be made here up to {GUEST_CHANGE_CUTOFF_HOURS} hours before your table. Questions? Call us on{' '}
          <a className="font-semibold text-foreground underline" href={telHref(venuePhone)}>
            {venuePhone}
          </a>
          .
        </p>
      )}
    </div>
  )
}

function BookingDetails({ view }: { view: ManageView }) {
  const { booking } = view
  const rows: [string, string][] = [
    ['Name', booking.name],
    ['Date', formatLongDate(booking.date)],
    ['Time', formatTime12(booking.startTime)],
    ['Guests', String(booking.partySize)],
    ['Preference', FOOD_DRINKS_LABELS[booking.foodDrinks] ?? booking.foodDrinks],
    ['Special requests', booking.additionalInfo || 'None'],
  ]
  if (booking.eventTitle) rows.unshift(['Event', booking.eventTitle])
  return (
    <section
      aria-labelledby="booking-details-heading"
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="booking-details-heading" className="text-2xl font-semibold text-primary">
          Table for {booking.partySize}
        </h2>
        <p
          className={cx(
            'rounded-full px-3 py-1 text-sm font-semibold',
            booking.status === 'confirmed' && 'bg-forest text-cream',
            booking.status === 'pending' && 'bg-brass-light text-forest-dark',
            booking.status === 'cancelled' && 'bg-muted text-muted-foreground',
          )}
        >
          <span className="sr-only">Status: </span>
          {GUEST_STATUS_LABELS[booking.status]}
        </p>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Actions({
  view,
  base,
  onChange,
  onCancelled,
  onError,
}: {
  view: ManageView
  base: string
  onChange: () => void
  onCancelled: (next: ManageView) => void
  onError: (error: unknown) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const { booking, venuePhone } = view
  const cancel = async () => {
    setBusy(true)
    try {
      const next = await apiRequest<ManageView>('POST', `${base}/cancel`)
      dialog.current?.close()
      onCancelled(next)
    } catch (error) {
      dialog.current?.close()
      onError(error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="grid gap-4">
      {booking.eventTitle && <p>{M.eventTable(venuePhone)}</p>}
      <div className="flex flex-wrap gap-3">
        {!booking.eventTitle && (
          <button type="button" className={buttonVariants({ size: 'lg' })} onClick={onChange}>
            Change booking
          </button>
        )}
        <button
          type="button"
          className={buttonVariants({ size: 'lg', variant: 'outline' })}
          onClick={() => dialog.current?.showModal()}
        >
          Cancel booking
        </button>
        {booking.status === 'confirmed' && (
          <a
            href={`${base}/calendar.ics`}
            download="booking.ics"
            className={buttonVariants({ size: 'lg', variant: 'outline' })}
          >
            <CalendarPlus className="size-5" aria-hidden="true" />
            Add to calendar
          </a>
        )}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="cancel-title"
        aria-describedby="cancel-text"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-border bg-card p-6 text-foreground shadow-xl backdrop:bg-[rgb(20_32_23/0.6)]"
      >
        <h2 id="cancel-title" className="text-2xl font-semibold text-primary">
          Cancel this booking?
        </h2>
        <p id="cancel-text" className="mt-3">
          Your table for {booking.partySize} on {formatLongDate(booking.date)} at {formatTime12(booking.startTime)} will
          be cancelled and offered to other guests.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            autoFocus
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => dialog.current?.close()}
          >
            Keep booking
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'destructive' })}
            {...unavailableProps(busy, () => void cancel())}
          >
            {busy ? 'Cancelling...' : 'Yes, cancel booking'}
          </button>
        </div>
      </dialog>
    </div>
  )
}
