import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { isDayDisabled, type DateException, type WeeklyHours } from '#common/availability'
import { GUESTS_MAX, GUESTS_MIN, LARGE_PARTY_THRESHOLD } from '#common/constants'
import type { ManageView } from '#common/manage-booking'
import { formatLongDate, formatTime12 } from '#common/time'
import { buttonVariants, unavailableProps } from '~/components/ui/button-variants'
import { ApiError, apiRequest } from '~/lib/api'
import { telHref } from '~/lib/tel'
import { BookingCalendar } from './booking-calendar'
import { TimeSelect } from './time-select'
import { guestsText } from '#common/reservation-form'


/** The free times of a date for the party, this booking's own seats left out (the server's rule). */
function useSlots(base: string, date: string, partySize: number, version: number) {
  const [result, setResult] = useState<{ key: string; slots?: string[]; failed?: boolean }>({ key: '' })
  const key = `${date}/${partySize}/${version}`
  useEffect(() => {
    if (!date) return
    let live = true
    apiRequest<{ startTime: string }[]>('GET', `${base}/slots/${date}?partySize=${partySize}`).then(
      (slots) => live && setResult({ key, slots: slots.map((s) => s.startTime) }),
      () => live && setResult({ key, failed: true }),
    )
    return () => {
      live = false
    }
  }, [base, date, partySize, key])
  const current = result.key === key
  return {
    slots: current ? result.slots : undefined,
    loading: Boolean(date) && !current,
    failed: current && Boolean(result.failed),
  }
}

/** Change booking: loaded when the guest asks for it, so a guest who only reads the booking never downloads the calendar. */
export default function ChangeForm({
  view,
  base,
  today,
  openingHours,
  exceptions,
  onDone,
  onClose,
  onError,
}: {
  view: ManageView
  base: string
  today: string
  openingHours: WeeklyHours[]
  exceptions: DateException[]
  onDone: (next: ManageView, changed: boolean) => void
  onClose: () => void
  onError: (error: unknown) => void
}) {
  const { booking, venuePhone } = view
  const [date, setDate] = useState(booking.date)
  const [time, setTime] = useState(booking.startTime)
  const [partySize, setPartySize] = useState(booking.partySize)
  const [openRequest, setOpenRequest] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  // Bumped when the server says a time was taken meanwhile: the times are asked for again.
  const [version, setVersion] = useState(0)
  const { slots, loading, failed } = useSlots(base, date, partySize, version)
  const askAgain = useCallback(() => setVersion((v) => v + 1), [])
  // Times that could not come for want of a connection are asked for again once the phone is back online.
  useEffect(() => {
    if (!failed) return
    window.addEventListener('online', askAgain)
    return () => window.removeEventListener('online', askAgain)
  }, [failed, askAgain])
  const isDisabled = useCallback(
    (d: string) => isDayDisabled(d, today, openingHours, exceptions),
    [today, openingHours, exceptions],
  )

  useEffect(() => heading.current?.focus(), [])
  // A time that is not free for the new date or party is dropped, so the guest picks again.
  useEffect(() => {
    if (slots && time && !slots.includes(time)) setTime('')
  }, [slots, time])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!time) {
      setError('Please choose a time.')
      return
    }
    setBusy(true)
    setError('')
    try {
      const next = await apiRequest<ManageView & { changed: boolean }>('PATCH', base, {
        date,
        startTime: time,
        partySize,
      })
      onDone(next, next.changed)
    } catch (err) {
      // A slot taken meanwhile: the guest stays in the form with the message, and the times refresh.
      if (err instanceof ApiError && err.code === 'slot_unavailable') {
        setError(err.serverMessage)
        setTime('')
        setVersion((v) => v + 1)
      } else onError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="change-heading" className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <h2 id="change-heading" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-primary outline-none">
        Change booking
      </h2>
      <p className="mt-2 text-muted-foreground">
        Choose a new date, time or number of guests. Your current table is kept until you save.
      </p>
      <form className="mt-6 grid gap-6" onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid gap-2">
          <span id="change-date-label" className="text-sm font-semibold">
            Date
          </span>
          <BookingCalendar
            today={today}
            selected={date}
            isDisabled={isDisabled}
            onSelect={(d) => {
              setDate(d)
              setError('')
              setOpenRequest((n) => n + 1)
            }}
            labelledBy="change-date-label"
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TimeSelect
            date={date}
            value={time}
            onChange={setTime}
            openRequest={openRequest}
            slots={slots}
            loading={loading}
            failed={failed}
            onRetry={askAgain}
          />
          <div className="grid content-start gap-2">
            <label htmlFor="change-guests" className="text-sm font-semibold">
              Number of guests
            </label>
            <select
              id="change-guests"
              value={partySize}
              onChange={(e) => setPartySize(Number(e.target.value))}
              className="h-10 w-full rounded-md border border-input bg-card px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 md:text-sm"
            >
              {Array.from({ length: GUESTS_MAX - GUESTS_MIN + 1 }, (_, i) => i + GUESTS_MIN).map((n) => (
                <option key={n} value={n}>
                  {guestsText(n)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {partySize > LARGE_PARTY_THRESHOLD && (
          <p role="note" className="rounded-md border border-brass bg-accent px-4 py-3 text-sm">
            <strong>Large party.</strong> For more than {LARGE_PARTY_THRESHOLD} guests we confirm every booking
            personally, so your changed booking will wait for us to confirm it. To talk to us now, call{' '}
            <a className="font-semibold underline" href={telHref(venuePhone)}>
              {venuePhone}
            </a>
            .
          </p>
        )}
        {time && (
          <p className="rounded-md bg-accent px-4 py-3 text-sm font-semibold" aria-live="polite">
            New booking: {formatLongDate(date)} at {formatTime12(time)} for {guestsText(partySize)}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonVariants({ size: 'lg' })} {...unavailableProps(busy)}>
            {busy ? 'Saving...' : 'Save changes'}
          </button>
          <button type="button" className={buttonVariants({ size: 'lg', variant: 'outline' })} onClick={onClose}>
            Keep my booking as it is
          </button>
        </div>
      </form>
    </section>
  )
}
