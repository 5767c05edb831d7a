import { X } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { GUESTS_MIN } from '#common/constants'
import { formatLongDate, formatTime12 } from '#common/time'
import { latestFor, WAITLIST_MESSAGES as M, windowFor, windowProblem, type PublicWaitlistEntry, type WaitlistFields } from '#common/waitlist-form'
import { FormError, SelectField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { ApiError, apiRequest } from '~/lib/api'
import { sendWithChallenge, useChallenge } from '~/lib/challenge'

type Errors = Partial<Record<keyof WaitlistFields, string>>
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

/** The fields in the form's order, with their inputs' ids. */
const FIELD_IDS: [keyof WaitlistFields, string][] = [
  ['name', 'waitlist-name'],
  ['email', 'waitlist-email'],
  ['phone', 'waitlist-phone'],
  ['partySize', 'waitlist-guests'],
  ['earliestTime', 'waitlist-earliest'],
  ['latestTime', 'waitlist-latest'],
]

/** The form's own checks, in the booking form's words (the server checks them again). */
function fieldErrors(f: WaitlistFields): Errors {
  const errors: Errors = {}
  if (!f.name.trim()) errors.name = M.nameRequired
  if (!f.email.trim()) errors.email = M.emailRequired
  else if (!EMAIL.test(f.email.trim())) errors.email = M.emailInvalid
  if (!f.phone.trim()) errors.phone = M.phoneRequired
  if (!Number.isInteger(f.partySize) || f.partySize < GUESTS_MIN) errors.partySize = M.partyRange(20)
  const problem = f.earliestTime && f.latestTime ? windowProblem(f.earliestTime, f.latestTime) : undefined
  if (problem) errors.latestTime = problem
  return errors
}

/**
 * 'Join the waitlist' (issue 35): offered on the booking page when no time
 * fits the chosen date and party, or some times do not (`taken`: the window
 * starts at the first of them). A native modal <dialog>, like the booking
 * confirmation (focus moves in, Escape closes, the page behind is inert); the
 * times are the day's booking times, at most two hours apart; a time in the
 * window that is free now (`offered`) is named, as the guest could book it
 * instead; the post carries the proof-of-work challenge like the other public
 * forms.
 */
export function WaitlistDialog({
  open,
  onClose,
  date,
  partySize,
  offered = [],
  taken = [],
  contact,
  times,
}: {
  open: boolean
  onClose: () => void
  date: string
  partySize: number
  /** The times the booking form offers the party now, and those of the day it does not. */
  offered?: string[]
  taken?: string[]
  /** What the guest typed into the booking form already. */
  contact: { name: string; email: string; phone: string }
  /** The day's booking times (its services' half hours). */
  times: string[]
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const [fields, setFields] = useState<WaitlistFields>(() => ({ ...contact, date, partySize, earliestTime: '', latestTime: '' }))
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState<string>()
  const [joined, setJoined] = useState<PublicWaitlistEntry | null>(null)
  const [pending, setPending] = useState(false)
  const [website, setWebsite] = useState('')
  const challenge = useChallenge(formRef, open)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      // Each opening starts from the booking form's date, party and contact details, and the times it could not offer.
      const earliest = times[0] ?? ''
      const window = windowFor(taken) ?? { earliestTime: earliest, latestTime: earliest ? latestFor(earliest, times) : '' }
      setFields({ ...contact, date, partySize, ...window })
      setErrors({})
      setMessage(undefined)
      setJoined(null)
      dialog.showModal()
    }
    if (!open && dialog.open) dialog.close()
    // The fields are taken from the props as the dialog opens, not on every change of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const set = <K extends keyof WaitlistFields>(key: K, value: WaitlistFields[K]) => {
    setFields((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = fieldErrors(fields)
    setErrors(found)
    setMessage(undefined)
    if (Object.keys(found).length > 0) {
      // The first field with a message, in the form's order, takes focus (its message is read with it).
      const first = FIELD_IDS.find(([key]) => found[key])
      if (first) document.getElementById(first[1])?.focus()
      return
    }
    setPending(true)
    try {
      const entry = await sendWithChallenge(challenge, (altcha) =>
        apiRequest<PublicWaitlistEntry>('POST', '/api/waitlist', { ...fields, website, altcha }),
      )
      setJoined(entry)
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors as Errors)
        setMessage(error.serverMessage)
      } else setMessage('Something went wrong. Please try again.')
    } finally {
      setPending(false)
    }
  }

  const options = times.map((t) => ({ value: t, label: formatTime12(t) }))
  // A time of the window the form offers now, for the party the form asked about.
  const freeNow = fields.partySize === partySize ? offered.find((t) => t >= fields.earliestTime && t <= fields.latestTime) : undefined
  return (
    <dialog
      ref={ref}
      aria-labelledby="waitlist-title"
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/70"
    >
      {open && (
        <div className="relative grid gap-4 p-6">
          <button
            type="button"
            onClick={onClose}
            className="absolute right-4 top-4 rounded-sm opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
          <h2 id="waitlist-title" className="pr-6 font-display text-2xl font-semibold leading-tight">
            Join the waitlist
          </h2>
          <div role="status" aria-live="polite">
            {joined && (
              <div className="grid gap-4">
                <p className="rounded-md bg-accent px-4 py-3 font-semibold">{joined.message}</p>
                <p className="text-sm text-muted-foreground">
                  We have sent you an email with the details. If a table for {joined.partySize} comes up between{' '}
                  {formatTime12(joined.earliestTime)} and {formatTime12(joined.latestTime)}, we will email you a link to book it: it holds
                  the table for you for 30 minutes.
                </p>
                <Button type="button" onClick={onClose} className="justify-self-end">
                  Done
                </Button>
              </div>
            )}
          </div>
          {!joined && (
            <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
              <p className="text-sm text-muted-foreground">
                {offered.length === 0 ? `${formatLongDate(date)} is fully booked` : `Some times on ${formatLongDate(date)} are fully booked`} for
                your party. Tell us the times you could come, and we will email you if a table comes up.
              </p>
              <FormError message={message} />
              <TextField id="waitlist-name" label="Name" autoComplete="name" value={fields.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
              <TextField
                id="waitlist-email"
                label="Email"
                type="email"
                autoComplete="email"
                value={fields.email}
                error={errors.email}
                onChange={(e) => set('email', e.target.value)}
              />
              <TextField id="waitlist-phone" label="Phone" type="tel" autoComplete="tel" value={fields.phone} error={errors.phone} onChange={(e) => set('phone', e.target.value)} />
              <TextField
                id="waitlist-guests"
                label="Number of guests"
                type="number"
                inputMode="numeric"
                min={GUESTS_MIN}
                value={String(fields.partySize)}
                error={errors.partySize}
                onChange={(e) => set('partySize', Number(e.target.value))}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  id="waitlist-earliest"
                  label="Earliest time"
                  options={options}
                  value={fields.earliestTime}
                  error={errors.earliestTime}
                  onChange={(e) => {
                    const earliest = e.target.value
                    set('earliestTime', earliest)
                    // Keep the window within two hours of the new earliest time.
                    if (!fields.latestTime || fields.latestTime < earliest || windowProblem(earliest, fields.latestTime)) set('latestTime', latestFor(earliest, times))
                  }}
                />
                <SelectField
                  id="waitlist-latest"
                  label="Latest time"
                  hint="Up to 2 hours after the earliest"
                  options={options}
                  value={fields.latestTime}
                  error={errors.latestTime}
                  onChange={(e) => set('latestTime', e.target.value)}
                />
              </div>
              {freeNow && (
                <p className="rounded-md bg-accent px-4 py-3 text-sm" data-testid="waitlist-free-now">
                  {formatTime12(freeNow)} is free for {partySize} now: close this and book it on the form.
                </p>
              )}
              {/* A honeypot: people never see it; a script that fills every field does. */}
              <div className="absolute -left-[9999px] size-px overflow-hidden" aria-hidden="true">
                <label htmlFor="waitlist-website">Website</label>
                <input id="waitlist-website" name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
              </div>
              <Button type="submit" pending={pending} className="w-full sm:w-auto sm:justify-self-end">
                {pending ? 'Joining…' : 'Join the waitlist'}
              </Button>
            </form>
          )}
        </div>
      )}
    </dialog>
  )
}
