import { useMutation, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import { formatLongDate, formatTime12, minutesToTime, timeToMinutes } from '#common/time'
import { WAITLIST_OFFER_MINUTES, type AdminWaitlistEntry } from '#common/waitlist-form'
import { FormError, SelectField } from '~/components/forms/fields'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { toast } from '~/components/ui/use-toast'
import { ApiError, apiRequest } from '~/lib/api'
import { reservationKeys } from '~/lib/queries/reservations'
import { refusalOf, waitlistKeys } from '~/lib/queries/tonight'
import { FormDialogFooter } from '../form-dialog-footer'
import { guestsText } from '#common/reservation-form'

/** The half hours from the guest's earliest time to their latest, both included. */
export function halfHoursOf(earliest: string, latest: string): string[] {
  const times: string[] = []
  for (let m = timeToMinutes(earliest); m <= timeToMinutes(latest); m += 30) times.push(minutesToTime(m))
  return times
}

/**
 * 'Offer a time' (issue 35): staff pick one of the half hours the guest said
 * they could make, and the guest is emailed the offer to claim. It sends the
 * version read; a refusal (the time taken, the entry changed meanwhile) stays
 * in this dialog in the server's words with the time still chosen. After a
 * change by someone else the entry's newer version is kept, so a second press
 * is made knowing of it.
 */
export function OfferDialog({ entry, date, onOpenChange }: { entry: AdminWaitlistEntry; date: string; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient()
  const times = React.useMemo(() => halfHoursOf(entry.earliestTime, entry.latestTime), [entry.earliestTime, entry.latestTime])
  const [startTime, setStartTime] = React.useState(times[0] ?? entry.earliestTime)
  const [version, setVersion] = React.useState(entry.version)
  const offer = useMutation({
    mutationFn: () => apiRequest<AdminWaitlistEntry>('POST', `/api/admin/waitlist/${entry.id}/offer`, { startTime, version }),
    onSuccess: () => {
      toast({ title: ADMIN_MESSAGES.success, description: `${entry.name} is offered ${formatTime12(startTime)}.` })
      onOpenChange(false)
    },
    onError: (error) => {
      const current = error instanceof ApiError && error.code === 'stale_version' ? (error.body as { current?: { version?: unknown } }).current : undefined
      if (typeof current?.version === 'number') setVersion(current.version)
    },
    // Either way the list is read again: the offer made, or what changed meanwhile.
    onSettled: () => Promise.all([waitlistKeys.all, reservationKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    offer.mutate()
  }

  return (
    <Dialog open onOpenChange={(next) => !offer.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Offer {entry.name} a time</DialogTitle>
            <DialogDescription>
              {guestsText(entry.partySize)} on {formatLongDate(date)}. They are emailed the offer and
              have {WAITLIST_OFFER_MINUTES} minutes to claim it.
            </DialogDescription>
          </DialogHeader>
          <FormError message={offer.isError ? refusalOf(offer.error, ADMIN_MESSAGES.errorFallback) : undefined} />
          <SelectField
            label="Time"
            value={startTime}
            onChange={(e) => {
              setStartTime(e.target.value)
              offer.reset()
            }}
            options={times.map((t) => ({ value: t, label: formatTime12(t) }))}
          />
          <FormDialogFooter submitLabel="Offer this time" pending={offer.isPending} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  )
}
