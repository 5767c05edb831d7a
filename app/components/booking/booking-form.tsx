import { useQueryClient } from '@tanstack/react-query'
import { Phone } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { bookingTimesOn, isDayDisabled, timesTaken, type BookingTimes, type DateException, type WeeklyHours } from '#common/availability'
import {
  FOOD_DRINKS,
  FOOD_DRINKS_LABELS,
  GUESTS_MAX,
  GUESTS_MIN,
  LARGE_PARTY_THRESHOLD,
  type FoodDrinks,
} from '#common/constants'
import {
  EMPTY_RESERVATION_FORM,
  guestsInRange,
  RESERVATION_MESSAGES as M,
  confirmationWords,
  missingInformation,
  reservationFormErrors,
  type PublicReservation,
  type ReservationForm,
  guestsText as partyText,
} from '#common/reservation-form'
import { LAST_ORDERS_MESSAGES } from '#common/last-orders'
import { formatLongDate, formatTime12 } from '#common/time'
import { TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { LoadFailed } from '~/components/ui/load-failed'
import { onDemand } from '~/components/ui/on-demand'
import { toast } from '~/components/ui/use-toast'
import { trackLead } from '~/lib/analytics'
import { ApiError, apiRequest } from '~/lib/api'
import { sendWithChallenge, useChallenge } from '~/lib/challenge'
import { useCurrentUser } from '~/lib/current-user'
import { availabilityKeys, reservationKeys } from '~/lib/queries/reservation-keys'
import { telHref } from '~/lib/site-data'
import { BookingCalendar } from './booking-calendar'
import { TimeSelect } from './time-select'
import { BOOKING_CONSENT_WORDING } from '#common/guests'
import { useAvailableSlots } from './use-available-slots'

// Loaded when a guest asks to join (few ever do): the page's own script stays within its budget.
const WaitlistDialog = onDemand(() => import('./waitlist-dialog').then((m) => m.WaitlistDialog), {
  failed: (retry, props) => <LoadFailed retry={retry} close={props.onClose} />,
})
/**
 * The success dialog's code comes when the guest picks a time, or at the latest beside the booking itself,
 * not with the page (whose JavaScript budget it would take).
 */
const loadConfirmation = () => import('./booking-confirmation')
const BookingConfirmation = onDemand(() => loadConfirmation().then((m) => m.BookingConfirmation))

export type BookingFormProps = {
  today: string
  openingHours: WeeklyHours[]
  exceptions: DateException[]
  /** Each day's booking times (its services'), for the times a party cannot book. */
  bookingTimes: BookingTimes
  venuePhone: string
}

/** A random id for one submit attempt (crypto.randomUUID needs a secure context). */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-5 rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
      <legend className="float-left mb-1 flex w-full items-center gap-3 font-display text-xl font-semibold text-primary">
        <span
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-base text-primary-foreground"
          aria-hidden="true"
        >
          {number}
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
      </legend>
      {children}
    </fieldset>
  )
}

/** The three-step reservation form of SPEC.md section 2, with its toasts and confirmation dialog. */
export function BookingForm({ today, openingHours, exceptions, bookingTimes, venuePhone }: BookingFormProps) {
  const [form, setForm] = useState<ReservationForm>(EMPTY_RESERVATION_FORM)
  const [guestsText, setGuestsText] = useState(String(EMPTY_RESERVATION_FORM.partySize))
  // Bumped when a date is picked: the time dropdown opens itself (SPEC.md section 4).
  const [timeOpenRequest, setTimeOpenRequest] = useState(0)
  const [website, setWebsite] = useState('')
  const [errors, setErrors] = useState<Partial<Record<keyof ReservationForm, string>>>({})
  const [confirmed, setConfirmed] = useState<PublicReservation | null>(null)
  const [waitlistOpen, setWaitlistOpen] = useState(false)
  const waitlistButtonRef = useRef<HTMLButtonElement>(null)
  const attempt = useRef<{ key: string; body: string } | null>(null)
  const queryClient = useQueryClient()

  // SPEC.md section 2: the page reads the current user (nobody, for a guest).
  useCurrentUser()
  // The times offered are for the last number of guests the booking takes: a count being
  // typed (21, 7.5) does not ask for times the server would refuse, and the guest's time stays.
  const [slotGuests, setSlotGuests] = useState(EMPTY_RESERVATION_FORM.partySize)
  const slots = useAvailableSlots(form.date, slotGuests)

  const set = <K extends keyof ReservationForm>(key: K, value: ReservationForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  // On a slow line a guest may type before the page's script has run. React keeps what is
  // on screen when it takes over the page, but not in the form's state, so the next render
  // would wipe it: take it into the state first.
  const formRef = useRef<HTMLFormElement>(null)
  // Until then the button stays disabled, which also stops Enter from sending the form as a
  // plain GET that would put the guest's name, email and phone in the address and the logs.
  const [ready, setReady] = useState(false)
  // The proof-of-work the server may ask for, solved in the background once the guest starts on the form.
  const challenge = useChallenge(formRef)
  useEffect(() => {
    setReady(true)
    const el = formRef.current
    if (!el) return
    const { website: bot, guests, ...fields } = enteredBeforeHydration(el)
    setForm((f) => {
      const next = { ...f, ...fields, partySize: parseGuests(guests) ?? f.partySize }
      return (Object.keys(next) as (keyof ReservationForm)[]).some((k) => next[k] !== f[k]) ? next : f
    })
    setWebsite(bot)
    const typed = parseGuests(guests)
    if (typed !== undefined && guestsInRange(typed)) setSlotGuests(typed)
    // A number the guests input ignores, typed and left, is dropped as on blur (the field is
    // redrawn from the state); one still being typed stays.
    const guestsInput = el.elements.namedItem('partySize')
    if (parseGuests(guests) !== undefined || document.activeElement === guestsInput) setGuestsText(guests)
  }, [])

  const isDisabled = useCallback(
    (date: string) => isDayDisabled(date, today, openingHours, exceptions),
    [today, openingHours, exceptions],
  )

  const [pending, setPending] = useState(false)
  useEffect(() => {
    if (form.startTime) loadConfirmation().catch(() => undefined)
  }, [form.startTime])
  // Book Table keeps focus while the booking is sent (it is `pending`, not disabled); the confirmation
  // takes it and hands it back there when it closes, so a keyboard user is not sent to the top.
  const submitRef = useRef<HTMLButtonElement>(null)

  async function send(body: object, key: string) {
    setPending(true)
    const dialog = loadConfirmation().then(
      () => true,
      () => false,
    )
    try {
      const reservation = await sendWithChallenge(challenge, (altcha) =>
        apiRequest<PublicReservation>('POST', '/api/reservations', { ...body, altcha }, { 'Idempotency-Key': key }),
      )
      attempt.current = null
      // Booked, but the dialog's code did not come (the signal dropped): the guest is told all the same.
      if (await dialog) setConfirmed(reservation)
      else {
        const words = confirmationWords(reservation.partySize, venuePhone)
        const when = `${formatLongDate(reservation.date)} at ${formatTime12(reservation.startTime)}, ${partyText(reservation.partySize)}.`
        toast({ title: words.title, description: `${when} ${words.text}` })
      }
      setForm(EMPTY_RESERVATION_FORM)
      setGuestsText(String(EMPTY_RESERVATION_FORM.partySize))
      setSlotGuests(EMPTY_RESERVATION_FORM.partySize)
      setErrors({})
      trackLead(reservation.partySize, reservation.date)
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all })
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all })
    } catch (error) {
      // A server answer ends the attempt; a network failure keeps its key so a retry cannot book twice.
      if (error instanceof ApiError) attempt.current = null
      toast({
        title: M.failedTitle,
        description: error instanceof ApiError ? error.serverMessage : M.failedFallback,
        variant: 'destructive',
      })
    } finally {
      setPending(false)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    const missing = missingInformation(form)
    if (missing) {
      toast({ title: M.missingTitle, description: missing, variant: 'destructive' })
      return
    }
    const fieldErrors = reservationFormErrors(form)
    if (Object.keys(fieldErrors).length > 0) {
      setErrors(fieldErrors)
      // The message is beside its field, which may be a screen away on a phone: go there.
      const first = FIELD_ORDER.find((field) => fieldErrors[field])
      if (first) document.getElementById(FIELD_IDS[first])?.focus()
      return
    }
    const trimmed = { ...form, name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim() }
    const body = { ...trimmed, foodDrinks, additionalInfo: form.additionalInfo.trim(), website }
    const json = JSON.stringify(body)
    if (attempt.current?.body !== json) attempt.current = { key: newAttemptKey(), body: json }
    void send(body, attempt.current.key)
  }

  const pickDate = (date: string) => {
    setForm((f) => ({ ...f, date, startTime: '' }))
    setTimeOpenRequest((n) => n + 1)
  }

  const onGuests = (text: string) => {
    setGuestsText(text)
    const n = parseGuests(text)
    if (n === undefined) return
    set('partySize', n)
    // Said at once, beside the field, not only once the guest presses Book Table further down.
    if (guestsInRange(n)) setSlotGuests(n)
    else setErrors((e) => ({ ...e, partySize: M.guestsRange }))
  }

  /** A contact field's id, name, value, error and change handler, for TextField. */
  const contactField = (field: 'name' | 'email' | 'phone') => ({
    id: `booking-${field}`,
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value),
  })

  // At or after the kitchen's last orders the time is for drinks (issue 36): Food & Drinks is off
  // and Drinks Only is sent, with the reason beside the choice; an earlier time gives the guest's choice back.
  const lastOrders = slots.data?.find((s) => s.startTime === form.startTime)?.lastOrders
  const drinksOnly = Boolean(form.startTime && lastOrders)
  const foodDrinks: FoodDrinks = drinksOnly ? 'drinks_only' : form.foodDrinks

  const guestsOk = guestsInRange(form.partySize)
  const large = guestsOk && form.partySize > LARGE_PARTY_THRESHOLD
  // No time fits the date and party, or not every one (issue 35): the guest may wait for a cancellation instead. The
  // waitlist takes the parties the form confirms at once; a larger one is asked to call.
  const settled = Boolean(form.date) && guestsOk && !large && slotGuests === form.partySize && !slots.isFetching && slots.data !== undefined
  const offered = slots.data?.map((s) => s.startTime) ?? []
  const dayTimes = form.date ? bookingTimesOn(form.date, bookingTimes) : []
  const taken = settled ? timesTaken(dayTimes, offered, form.date === today) : []
  const full = settled && offered.length === 0

  return (
    <>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Table reservation">
        <Step number={1} title="Your details">
          <TextField {...contactField('name')} label="Full name" autoComplete="name" />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField {...contactField('email')} label="Email address" type="email" autoComplete="email" />
            <TextField
              {...contactField('phone')}
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="07xxx xxx xxx"
            />
          </div>
          {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="booking-website">Website</label>
            <input
              id="booking-website"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(e) => setWebsite(e.target.value)}
            />
          </div>
        </Step>

        <Step number={2} title="Your visit">
          <div className="grid gap-2">
            <span id="booking-date-label" className="text-sm font-semibold">
              Date
            </span>
            <BookingCalendar
              today={today}
              selected={form.date}
              isDisabled={isDisabled}
              onSelect={pickDate}
              labelledBy="booking-date-label"
            />
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TimeSelect
              date={form.date}
              value={form.startTime}
              onChange={(time) => set('startTime', time)}
              openRequest={timeOpenRequest}
              slots={slots.data?.map((s) => s.startTime)}
              loading={slots.isFetching && !slots.data}
              failed={slots.isError}
              offline={slots.fetchStatus === 'paused' && !slots.data}
              onRetry={() => void slots.refetch()}
            />
            <TextField
              id="booking-guests"
              label="Number of guests"
              error={errors.partySize}
              name="partySize"
              type="number"
              inputMode="numeric"
              min={GUESTS_MIN}
              max={GUESTS_MAX}
              value={guestsText}
              onChange={(e) => onGuests(e.target.value)}
              onBlur={() => setGuestsText(String(form.partySize))}
              className="bg-card"
            />
          </div>
          {(full || taken.length > 0) && (
            <div className="flex flex-col gap-3 rounded-md border border-brass bg-accent px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p>
                <strong>{full ? 'Fully booked?' : 'Not the time you wanted?'}</strong> Join the waitlist for {formatLongDate(form.date)} and
                we will email you if a table for {form.partySize} comes up{full ? '' : ' at a time you can make'}.
              </p>
              <Button ref={waitlistButtonRef} type="button" variant="outline" onClick={() => setWaitlistOpen(true)} className="shrink-0">
                Join the waitlist
              </Button>
            </div>
          )}
          {form.date && form.startTime && guestsOk && (
            <p className="rounded-md bg-accent px-4 py-3 text-sm font-semibold" aria-live="polite">
              {formatLongDate(form.date)} at {formatTime12(form.startTime)} for {partyText(form.partySize)}
            </p>
          )}
          {large && (
            <div role="note" className="flex gap-3 rounded-md border border-brass bg-accent px-4 py-3 text-sm">
              <Phone className="mt-0.5 size-4 shrink-0 text-oak" aria-hidden="true" />
              <p>
                <strong>Large party booking.</strong> For parties of more than {LARGE_PARTY_THRESHOLD} guests we will
                contact you within 24 hours to confirm your table. If you would rather talk to us now, please call{' '}
                <a className="font-semibold underline" href={telHref(venuePhone)}>
                  {venuePhone}
                </a>
                .
              </p>
            </div>
          )}
        </Step>

        <Step number={3} title="Your requests">
          <fieldset className="grid gap-3" aria-describedby="booking-food-reason">
            <legend className="mb-2 text-sm font-semibold">Are you joining us for</legend>
            <div className="flex flex-wrap gap-6">
              {FOOD_DRINKS.map((value) => {
                const off = drinksOnly && value === 'food_and_drinks'
                return (
                  <label key={value} className={`flex items-center gap-2 text-sm ${off ? 'text-muted-foreground' : ''}`}>
                    <input
                      type="radio"
                      name="foodDrinks"
                      value={value}
                      checked={foodDrinks === value}
                      disabled={off}
                      onChange={() => set('foodDrinks', value)}
                      className="size-5 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed"
                    />
                    {FOOD_DRINKS_LABELS[value]}
                  </label>
                )
              })}
            </div>
            {/* Always there (empty until needed), so screen readers hear the reason when a late time is picked. */}
            <p id="booking-food-reason" role="status" className="text-sm font-semibold text-oak empty:hidden">
              {drinksOnly && lastOrders ? LAST_ORDERS_MESSAGES.drinksOnly(formatTime12(lastOrders)) : ''}
            </p>
          </fieldset>
          <TextareaField
            id="booking-requests"
            label="Special requests and dietary requirements"
            name="additionalInfo"
            rows={4}
            maxLength={2000}
            placeholder="Allergies, high chairs, wheelchair access, celebrations…"
            value={form.additionalInfo}
            onChange={(e) => set('additionalInfo', e.target.value)}
            className="bg-card"
          />
          <div className="flex items-start gap-3">
            <input
              id="booking-offers"
              type="checkbox"
              name="receiveOffers"
              checked={form.receiveOffers}
              onChange={(e) => set('receiveOffers', e.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            />
            <Label htmlFor="booking-offers" className="font-normal leading-snug">
              {BOOKING_CONSENT_WORDING}
            </Label>
          </div>
        </Step>

        <Button ref={submitRef} type="submit" size="lg" pending={pending} disabled={!ready} className="w-full sm:w-auto sm:justify-self-end">
          {pending ? 'Sending Booking...' : 'Book Table'}
        </Button>
      </form>
      {waitlistOpen && (
        <WaitlistDialog
          open
          onClose={() => {
            setWaitlistOpen(false)
            // Back to the button that opened it, as a keyboard user expects.
            waitlistButtonRef.current?.focus()
          }}
          date={form.date}
          partySize={form.partySize}
          offered={offered}
          taken={taken}
          contact={{ name: form.name, email: form.email, phone: form.phone }}
          times={dayTimes}
        />
      )}
      {confirmed && (
        <BookingConfirmation
          reservation={confirmed}
          venuePhone={venuePhone}
          onOpenChange={(open) => {
            if (open) return
            setConfirmed(null)
            submitRef.current?.focus()
          }}
        />
      )}
    </>
  )
}

/** The fields a message can stand beside, in the order of the form, and their inputs. */
const FIELD_ORDER = ['name', 'email', 'phone', 'startTime', 'partySize'] as const
const FIELD_IDS: Record<(typeof FIELD_ORDER)[number], string> = {
  name: 'booking-name',
  email: 'booking-email',
  phone: 'booking-phone',
  startTime: 'booking-time',
  partySize: 'booking-guests',
}

/** The guests input's number, or undefined for text it ignores (values below 1, SPEC.md section 5). */
function parseGuests(text: string): number | undefined {
  const n = Number(text)
  return text.trim() === '' || !Number.isFinite(n) || n < GUESTS_MIN ? undefined : n
}

/** What the form's fields hold, read from the page itself, for text entered before hydration. */
function enteredBeforeHydration(form: HTMLFormElement) {
  const value = (name: string) => (form.elements.namedItem(name) as { value?: string } | null)?.value ?? ''
  const foodDrinks = value('foodDrinks')
  const offers = form.elements.namedItem('receiveOffers') as HTMLInputElement | null
  return {
    name: value('name'),
    email: value('email'),
    phone: value('phone'),
    additionalInfo: value('additionalInfo'),
    guests: value('partySize'),
    website: value('website'),
    ...((FOOD_DRINKS as readonly string[]).includes(foodDrinks) && { foodDrinks: foodDrinks as FoodDrinks }),
    ...(offers && { receiveOffers: offers.checked }),
  }
}
