import * as React from 'react'
import {
  EVENT_DIALOG_MESSAGES as M,
  formatEventDate,
  formatEventTime,
  PARTY_SIZE_CHOICES,
  PARTY_SIZE_DEFAULT,
} from '#common/event-enquiry-form'
import { FormError, SelectField, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { toast } from '~/components/ui/use-toast'
import { trackLead } from '~/lib/analytics'
import { apiRequest, ApiError } from '~/lib/api'
import { sendWithChallenge, useChallenge } from '~/lib/challenge'
import { bookingTime, type EventView } from './event-types'

type Form = { name: string; email: string; phone: string; partySize: number; specialRequests: string }
const EMPTY: Form = { name: '', email: '', phone: '', partySize: PARTY_SIZE_DEFAULT, specialRequests: '' }
const REQUIRED = ['name', 'email', 'phone'] as const

/** A random id for one submit attempt, so a double tap or a retry books once (crypto.randomUUID needs a secure context). */
function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * The event booking dialog of SPEC.md section 2: a table event books a table
 * at the event's date and time (POST /api/reservations with the event's id, so
 * the event's capacity holds); an enquiry event sends an enquiry. Closes and
 * resets on success; a failure keeps what the guest typed.
 */
export default function EventDialog({ event, open, onOpenChange }: { event: EventView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = React.useState<Form>(EMPTY)
  const [missing, setMissing] = React.useState<ReadonlySet<string>>(new Set())
  const [pending, setPending] = React.useState(false)
  // Also said inside the dialog: while it is open, a screen reader hears nothing outside it (the toast included).
  const [failure, setFailure] = React.useState<{ title: string; text: string } | null>(null)
  const attempt = React.useRef<{ key: string; body: string } | null>(null)
  // The proof-of-work the server may ask for, solved in the background while the dialog is open.
  const formRef = React.useRef<HTMLFormElement>(null)
  const challenge = useChallenge(formRef, open)
  const table = event.bookingType === 'table'
  const set = (field: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = field === 'partySize' ? Number(e.target.value) : e.target.value
    setForm((f) => ({ ...f, [field]: value }))
    if (missing.has(field)) setMissing((m) => new Set([...m].filter((f) => f !== field)))
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (pending) return
    const empty = REQUIRED.filter((f) => !form[f].trim())
    if (empty.length) {
      setMissing(new Set(empty))
      setFailure({ title: M.missingTitle, text: M.missingText })
      toast({ variant: 'destructive', title: M.missingTitle, description: M.missingText })
      return
    }
    setPending(true)
    setFailure(null)
    try {
      if (table) {
        const requests = form.specialRequests.trim()
        const body = {
          eventId: event.id,
          name: form.name,
          email: form.email,
          phone: form.phone,
          date: event.date,
          time: bookingTime(event.time),
          partySize: form.partySize,
          specialRequests: `Event booking: ${event.title}.${requests ? ` ${requests}` : ''}`,
          receiveOffers: false,
        }
        const json = JSON.stringify(body)
        if (attempt.current?.body !== json) attempt.current = { key: newAttemptKey(), body: json }
        const key = attempt.current.key
        await sendWithChallenge(challenge, (altcha) => apiRequest('POST', '/api/reservations', { ...body, altcha }, { 'Idempotency-Key': key }))
        trackLead(form.partySize, event.date)
        toast({ title: M.bookedTitle, description: M.bookedText })
      } else {
        await sendWithChallenge(challenge, (altcha) =>
          apiRequest('POST', '/api/event-enquiries', {
            eventId: event.id,
            ...form,
            eventTitle: event.title,
            eventDate: formatEventDate(event.date),
            eventTime: formatEventTime(event.time, event.endTime),
            altcha,
          }),
        )
        toast({ title: M.enquiryTitle, description: M.enquiryText })
      }
      attempt.current = null
      setForm(EMPTY)
      setMissing(new Set())
      setFailure(null)
      onOpenChange(false)
    } catch (error) {
      // An answer from the server ends the attempt; a lost connection keeps its key, so a retry cannot book twice.
      if (error instanceof ApiError) attempt.current = null
      const message = error instanceof ApiError ? error.serverMessage : M.failedFallback
      setFailure({ title: M.failedTitle, text: message })
      toast({ variant: 'destructive', title: M.failedTitle, description: message })
    } finally {
      setPending(false)
    }
  }

  const errorOf = (field: string) => (missing.has(field) ? 'Required' : undefined)
  // Closing keeps what the guest typed, but not the last attempt's messages: the dialog opens again clean.
  const close = () => {
    setMissing(new Set())
    setFailure(null)
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{table ? `Book a table: ${event.title}` : `Enquire: ${event.title}`}</DialogTitle>
          <DialogDescription>
            {formatEventDate(event.date)} · {formatEventTime(event.time)}
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} className="grid gap-4" noValidate onSubmit={submit} aria-busy={pending}>
          <FormError message={failure?.title}>{failure && <p>{failure.text}</p>}</FormError>
          <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={set('name')} error={errorOf('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              value={form.email}
              onChange={set('email')}
              error={errorOf('email')}
            />
            <TextField label="Phone" name="phone" type="tel" autoComplete="tel" required value={form.phone} onChange={set('phone')} error={errorOf('phone')} />
          </div>
          <SelectField
            label="Party size"
            name="partySize"
            value={String(form.partySize)}
            onChange={set('partySize')}
            options={PARTY_SIZE_CHOICES.map((c) => ({ value: String(c.value), label: c.label }))}
          />
          <TextareaField
            label="Special requests (optional)"
            name="specialRequests"
            rows={3}
            value={form.specialRequests}
            onChange={set('specialRequests')}
          />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={close} pending={pending}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              {pending ? M.processing : table ? 'Book Table' : 'Send Enquiry'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
