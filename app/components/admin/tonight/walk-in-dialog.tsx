import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { ADMIN_PARTY_MAX, ADMIN_RESERVATION_MESSAGES, type AdminReservation } from '#common/admin-reservations-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { minutesText, timeToMinutes } from '#common/time'
import { TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { toast } from '~/components/ui/use-toast'
import { apiRequest } from '~/lib/api'
import { availabilityKeys, reservationKeys } from '~/lib/queries/reservations'
import { MIN_STAY_MINUTES } from '#common/walk-ins'
import type { StillSeatedParty, WalkInOption } from '#common/walk-ins-schema'
import { QueueJoinSchema, QUOTE_MAX_MINUTES, queuePartyText, type QueueEntry, type QueueJoinInput } from '#common/walk-in-queue-schema'
import { shortName } from '#common/tables'
import { fetchWalkInOptions, refusalOf, walkInKeys, walkInQueueKeys } from '~/lib/queries/tonight'
import { cn } from '~/lib/utils'
import { FormDialogFooter } from '../form-dialog-footer'
import { useVisitStep } from './use-visit-step'
import { tablesText } from '../reservations/seating-text'
import { guestsText } from '#common/reservation-form'

const QUICK_SIZES = [1, 2, 3, 4, 5, 6, 8]

/** 'Free for the rest of the day', 'Free until 21:00', the shortened stay it would get, or why it cannot be had. */
function untilText(option: WalkInOption, stayMinutes: number | null) {
  if (option.freeUntil === null) return 'Free for the rest of the day'
  if (option.fullStay) return `Free until ${option.freeUntil}`
  if (stayMinutes !== null && stayMinutes < MIN_STAY_MINUTES) return `Free until ${option.freeUntil}: too short a stay`
  return `Free until ${option.freeUntil}: the stay is shortened to ${stayMinutes} minutes`
}

/**
 * A party seated past its time at a table that would take the walk-in
 * (docs/decisions/0052): not offered while they are there. Once they have
 * gone, Finished frees it here in one tap and the free tables are read again.
 */
function StillSeatedItem({ party }: { party: StillSeatedParty }) {
  // Tonight's own step: the row's list and the free tables are read again once it is taken.
  const finish = useVisitStep({ id: party.reservationId })
  const who = `${shortName(party.name)} (${party.partySize})`
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <span className="font-semibold">{party.tables.map((t) => t.name).join(' + ')}</span>: {who}, due to leave at {party.dueAt}
      </span>
      <Button type="button" size="sm" variant="outline" aria-label={`Finished: ${who} have gone`} pending={finish.pending} onClick={() => finish.take('finished')}>
        Finished
      </Button>
      {finish.refusal && (
        <p role="alert" className="w-full font-semibold text-destructive">
          {finish.refusal}
        </p>
      )}
    </li>
  )
}

type WalkInBody = { partySize: number; name?: string; phone?: string; tableIds: number[]; durationMinutes?: number; queueEntryId?: number }

/**
 * 'Walk-in' (issue 35): staff say how many, see the tables free for them now
 * and until when (best fit first), and seat them in one tap; a name and a
 * phone are optional. A table wanted by a booking before the usual stay ends
 * is offered with the stay shortened to the time it is free; a refusal (the
 * table taken meanwhile) stays here in the server's words and the free
 * tables are read again. With nothing free (or the party happy to wait for a
 * table of their liking), 'Add to the queue' puts them in the walk-in queue
 * with the wait quoted (docs/decisions/0053); `queued` opens it to seat such
 * a party, with their size, name and phone.
 */
export function WalkInDialog({ open, onOpenChange, queued = null }: { open: boolean; onOpenChange: (open: boolean) => void; queued?: QueueEntry | null }) {
  const queryClient = useQueryClient()
  const [partySizeText, setPartySizeText] = React.useState(String(queued?.partySize ?? 2))
  const [asked, setAsked] = React.useState<number | null>(queued?.partySize ?? null)
  const [picked, setPicked] = React.useState(0)
  const [name, setName] = React.useState(queued?.name ?? '')
  const [phone, setPhone] = React.useState(queued?.phone ?? '')
  const [nameError, setNameError] = React.useState<string | undefined>()
  const [phoneError, setPhoneError] = React.useState<string | undefined>()
  // The wait quoted to a party joining the queue: the next free table's, until staff type their own.
  const [quoteText, setQuoteText] = React.useState<string | null>(null)
  const [quoteError, setQuoteError] = React.useState<string | undefined>()
  const partySize = Number(partySizeText)
  const partySizeValid = Number.isInteger(partySize) && partySize >= 1 && partySize <= ADMIN_PARTY_MAX
  const [sizeError, setSizeError] = React.useState<string | undefined>()

  const options = useQuery({
    queryKey: walkInKeys.options(asked ?? 0),
    queryFn: () => fetchWalkInOptions(asked!),
    enabled: asked !== null,
    staleTime: 0,
  })
  const seat = useMutation({
    mutationFn: (body: WalkInBody) => apiRequest<AdminReservation>('POST', '/api/admin/walk-ins', body),
    onSuccess: (seated) => {
      toast({
        title: ADMIN_MESSAGES.success,
        description: `${guestsText(seated.partySize)} seated at ${seated.tables.map((t) => t.name).join(' + ')}.`,
      })
      onOpenChange(false)
    },
    // Taken meanwhile: the list of free tables is read again under the message.
    onError: () => void options.refetch(),
    onSettled: () =>
      Promise.all(
        [reservationKeys.all, walkInKeys.all, availabilityKeys.all, walkInQueueKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  })
  const join = useMutation({
    mutationFn: (body: QueueJoinInput) =>
      apiRequest<QueueEntry>('POST', '/api/admin/walk-in-queue', body),
    onSuccess: (entry) => {
      toast({ title: ADMIN_MESSAGES.success, description: `${queuePartyText(entry)} added to the queue.` })
      onOpenChange(false)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walkInQueueKeys.all }),
  })

  const ask = (size: number) => {
    setSizeError(undefined)
    setPicked(0)
    seat.reset()
    join.reset()
    setAsked(size)
  }
  const find = (e: React.FormEvent) => {
    e.preventDefault()
    if (!partySizeValid) {
      setSizeError(
        partySize > ADMIN_PARTY_MAX ? ADMIN_RESERVATION_MESSAGES.partySizeMax : ADMIN_RESERVATION_MESSAGES.partySizeMin,
      )
      return
    }
    ask(partySize)
  }

  const now = options.data ? timeToMinutes(options.data.now) : 0
  const stayOf = (o: WalkInOption) => (o.fullStay || o.freeUntil === null ? null : timeToMinutes(o.freeUntil) - now)
  // A table free for less than the shortest stay is listed (staff see why) but cannot be chosen.
  const usable = (o: WalkInOption) => (stayOf(o) ?? MIN_STAY_MINUTES) >= MIN_STAY_MINUTES
  const choice = options.data?.options[picked]
  const nextFreeIn = options.data?.nextFree ? timeToMinutes(options.data.nextFree.at) - now : null
  const quote = quoteText ?? (nextFreeIn !== null && nextFreeIn <= QUOTE_MAX_MINUTES ? String(nextFreeIn) : '')

  // Checked by the server's own rules (QueueJoinSchema), each message by its field.
  const addToQueue = () => {
    if (asked === null) return
    const parsed = QueueJoinSchema.safeParse({ name, partySize: asked, phone, quotedMinutes: quote.trim() === '' ? null : Number(quote) })
    const errorOf = (field: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message)
    setNameError(errorOf('name'))
    setPhoneError(errorOf('phone'))
    setQuoteError(errorOf('quotedMinutes'))
    if (!parsed.success) {
      // The first field that needs mending gets focus: the name and phone sit above, perhaps out of sight in the dialog.
      const first = (['name', 'phone', 'quotedMinutes'] as const).find((field) => errorOf(field))
      document.getElementById({ name: 'walk-in-name', phone: 'walk-in-phone', quotedMinutes: 'walk-in-quote' }[first ?? 'name'])?.focus()
      return
    }
    join.mutate(parsed.data)
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!choice || !usable(choice) || asked === null) return
    const stay = stayOf(choice)
    seat.mutate({
      partySize: asked,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(phone.trim() ? { phone: phone.trim() } : {}),
      tableIds: choice.tables.map((t) => t.id),
      ...(stay !== null ? { durationMinutes: stay } : {}),
      ...(queued ? { queueEntryId: queued.id } : {}),
    })
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !seat.isPending && !join.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Walk-in</DialogTitle>
          <DialogDescription>
            {queued
              ? `Seating ${queuePartyText(queued)} from the queue, waiting since ${queued.joinedTime}. The tables free for them now are listed, best fit first.`
              : 'How many are they? The tables free for them now are listed, best fit first.'}
          </DialogDescription>
        </DialogHeader>
        {/* The usual parties one tap each, for a thumb; any other size typed below. */}
        <div role="group" aria-label="Party of" className="flex flex-wrap gap-2">
          {QUICK_SIZES.map((n) => (
            <Button
              key={n}
              type="button"
              variant={asked === n ? 'default' : 'outline'}
              aria-pressed={asked === n}
              className="h-12 w-12 text-base"
              onClick={() => {
                setPartySizeText(String(n))
                ask(n)
              }}
            >
              {n}
            </Button>
          ))}
        </div>
        <form onSubmit={find} className="flex items-end gap-2">
          <TextField
            id="walk-in-party"
            label="Party size"
            type="number"
            inputMode="numeric"
            min={1}
            max={ADMIN_PARTY_MAX}
            value={partySizeText}
            onChange={(e) => setPartySizeText(e.target.value)}
            error={sizeError}
            fieldClassName="w-28"
          />
          <Button type="submit" variant="outline" className={cn(sizeError && 'mb-7')}>
            Show free tables
          </Button>
        </form>

        {asked !== null && (
          <form onSubmit={submit} className="grid gap-4">
            {options.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                Looking for free tables...
              </p>
            ) : options.isError ? (
              <p role="alert" className="text-sm font-semibold text-destructive">
                {refusalOf(options.error, 'The free tables could not be loaded.')}
              </p>
            ) : options.data.options.length === 0 ? (
              <p role="status" className="rounded-md border border-dashed border-border p-3 text-sm font-semibold">
                No table is free for {guestsText(asked)} now.
              </p>
            ) : (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-semibold">
                  Free for {guestsText(asked)} at {options.data.now}
                </legend>
                {options.data.options.map((o, i) => (
                  <label
                    key={o.tables.map((t) => t.id).join('+')}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      picked === i ? 'border-primary bg-primary/10' : 'border-border',
                      !usable(o) && 'cursor-not-allowed text-muted-foreground',
                    )}
                  >
                    <input
                      type="radio"
                      name="walk-in-tables"
                      className="mt-1 size-4"
                      checked={picked === i}
                      disabled={!usable(o)}
                      onChange={() => setPicked(i)}
                    />
                    <span>
                      <span className="block font-semibold">{tablesText(o.tables)}</span>
                      <span className="block">{untilText(o, stayOf(o))}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {options.data?.nextFree && (
              <p className="text-sm" data-testid="next-free">
                Next free for their whole stay: <span className="font-semibold">{tablesText(options.data.nextFree.tables)}</span> at{' '}
                {options.data.nextFree.at}, in {minutesText(timeToMinutes(options.data.nextFree.at) - now)}.
              </p>
            )}
            {options.data && options.data.stillSeated.length > 0 && (
              <section
                aria-labelledby="walk-in-still-seated"
                className="grid gap-2 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950"
                data-testid="still-seated"
              >
                <h3 id="walk-in-still-seated" className="font-semibold">
                  Seated past their time
                </h3>
                <p>These tables would take them once the party there has gone.</p>
                <ul className="grid gap-2">
                  {options.data.stillSeated.map((party) => (
                    <StillSeatedItem key={party.reservationId} party={party} />
                  ))}
                </ul>
              </section>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id="walk-in-name"
                label={queued ? 'Name' : 'Name (optional)'}
                autoComplete="off"
                maxLength={200}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={nameError}
              />
              <TextField
                id="walk-in-phone"
                label="Phone (optional)"
                type="tel"
                autoComplete="off"
                maxLength={40}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                error={phoneError}
              />
            </div>
            {!queued && (
              <section aria-labelledby="walk-in-queue-title" className="grid gap-2 rounded-md border border-border p-3 text-sm">
                <h3 id="walk-in-queue-title" className="font-semibold">
                  Or add them to the queue
                </h3>
                <p className="text-muted-foreground">
                  They wait at the bar. Tonight lists them with how long they have waited and the table free for them. A name is needed to call them by.
                </p>
                <div className="flex flex-wrap items-end gap-2">
                  <TextField
                    id="walk-in-quote"
                    label="Quoted wait (minutes)"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={QUOTE_MAX_MINUTES}
                    value={quote}
                    onChange={(e) => setQuoteText(e.target.value)}
                    error={quoteError}
                    fieldClassName="w-44"
                  />
                  <Button type="button" variant="outline" className={cn(quoteError && 'mb-7')} pending={join.isPending} onClick={addToQueue}>
                    Add to the queue
                  </Button>
                </div>
                {join.isError && (
                  <p role="alert" className="font-semibold text-destructive">
                    {refusalOf(join.error, ADMIN_MESSAGES.errorFallback)}
                  </p>
                )}
              </section>
            )}
            {seat.isError && (
              <p
                role="alert"
                className="rounded-md border border-destructive bg-destructive/10 p-2 text-sm font-semibold text-destructive"
              >
                {refusalOf(seat.error, ADMIN_MESSAGES.errorFallback)}
              </p>
            )}
            <FormDialogFooter
              submitLabel="Seat now"
              pending={seat.isPending}
              disabled={!choice || !usable(choice)}
              onCancel={() => onOpenChange(false)}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
