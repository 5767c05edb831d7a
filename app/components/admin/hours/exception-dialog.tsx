import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { Controller, useForm } from 'react-hook-form'
import { HALF_HOURS, type HourExceptionRow } from '#common/hours'
import { HourExceptionSchema, type HourExceptionInput } from '#common/hours-schema'
import { formatLongDate } from '#common/time'
import { FormError, SelectField, TextField } from '~/components/forms/fields'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { fetchReservations } from '~/lib/queries/reservations'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import type { useExceptionActions } from './use-hours-actions'
import { guestsText } from '#common/reservation-form'

type Values = { date: string; isClosed: boolean; openTime: string; closeTime: string; lastOrdersTime: string; reason: string }
const TIME_OPTIONS = [{ value: '', label: 'Choose a time' }, ...HALF_HOURS.map((t) => ({ value: t, label: t }))]
/** The date's own last orders, or blank for its weekday's (common/last-orders.ts). */
const LAST_ORDERS_OPTIONS = [{ value: '', label: 'As on that weekday' }, ...HALF_HOURS.map((t) => ({ value: t, label: t }))]

const initial = (e: HourExceptionRow | undefined, preset?: Partial<Values>): Values =>
  e
    ? { date: e.date, isClosed: e.isClosed, openTime: e.openTime ?? '', closeTime: e.closeTime ?? '', lastOrdersTime: e.lastOrdersTime ?? '', reason: e.reason }
    : { date: '', isClosed: true, openTime: '', closeTime: '', lastOrdersTime: '', reason: '', ...preset }

/** The fields the conflict dialog compares, with the form's labels. */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'date', label: 'Date' },
  { key: 'isClosed', label: 'Closed all day' },
  { key: 'openTime', label: 'Opens' },
  { key: 'closeTime', label: 'Closes' },
  { key: 'lastOrdersTime', label: 'Kitchen last orders' },
  { key: 'reason', label: 'Reason' },
]

type Booked = { bookings: number; guests: number }

/**
 * The confirmed and pending bookings already made for a date, which an exception
 * does not cancel; undefined when there are none or they cannot be read (the
 * confirm then goes without them).
 */
async function standingBookings(date: string): Promise<Booked | undefined> {
  try {
    const lists = await Promise.all((['confirmed', 'pending'] as const).map((status) => fetchReservations({ date, status, pageSize: 1 })))
    const booked = { bookings: lists.reduce((n, l) => n + l.total, 0), guests: lists.reduce((n, l) => n + l.covers, 0) }
    return booked.bookings > 0 ? booked : undefined
  } catch {
    return undefined
  }
}

/** '2 bookings for 13 guests are already made for this date...', for staff about to close or change it. */
function bookedWords({ bookings, guests }: Booked, closed: boolean): string {
  const made = `${bookings} ${bookings === 1 ? 'booking' : 'bookings'} for ${guestsText(guests)} ${bookings === 1 ? 'is' : 'are'} already made for this date.`
  return closed ? `${made} They are not cancelled: let the guests know.` : `${made} They stay booked, whatever the new hours.`
}

/**
 * Add or edit an hour exception (SPEC.md section 5): a date and a reason are
 * required; closed all day sends empty times; otherwise open and close on half
 * hours, close after open, and optionally the kitchen's last orders within
 * them (blank: as on that weekday).
 */
export function ExceptionDialog({
  open,
  onOpenChange,
  exception,
  preset,
  save,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  exception?: HourExceptionRow
  /** A new exception's starting values (a bank holiday's date, name and usual hours). */
  preset?: Partial<Values>
  save: ReturnType<typeof useExceptionActions>['save']
}) {
  const form = useForm<Values, unknown, HourExceptionInput>({ // The schema reads blank times as empty (a preprocess), so its declared input is wider than the form's.
    resolver: zodResolver(HourExceptionSchema) as never, defaultValues: initial(exception, preset) })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  // Someone else may save this exception while the dialog is open: the save carries the version it was read at.
  const versions = useVersionConflict<Values, HourExceptionRow>({ initial: initial(exception), version: exception?.version, stale: save.stale, toValues: initial })
  const { errors } = form.formState
  const closed = form.watch('isClosed')

  React.useEffect(() => {
    if (!open) return
    form.reset(initial(exception, preset))
    save.clearError()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, exception?.id])

  const submit = form.handleSubmit(async (values) => {
    versions.submitted(form.getValues())
    const booked = await standingBookings(values.date)
    save.ask({
      title: exception ? 'Save this exception?' : 'Add this exception?',
      description: [
        `${formatLongDate(values.date)}: ${values.isClosed ? 'closed all day' : `open ${values.openTime} to ${values.closeTime}${values.lastOrdersTime ? `, kitchen last orders ${values.lastOrdersTime}` : ''}`} (${values.reason}).`,
        'Guests see it on the booking page at once.',
        booked && bookedWords(booked, values.isClosed),
      ]
        .filter(Boolean)
        .join(' '),
      confirmLabel: 'Save',
      variables: { id: exception?.id, values, version: versions.version },
      returnTo: 'form',
    })
  })

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{exception ? 'Edit Exception' : 'Add Exception'}</DialogTitle>
          <DialogDescription>A date when the booking hours differ from the usual week: a closure, or special hours.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <TextField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="isClosed"
              render={({ field }) => <Switch id="exception-closed" checked={field.value} onCheckedChange={field.onChange} />}
            />
            <Label htmlFor="exception-closed">Closed all day</Label>
          </div>
          {!closed && (
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField label="Open time" options={TIME_OPTIONS} error={errors.openTime?.message} {...form.register('openTime')} />
              <SelectField label="Close time" options={TIME_OPTIONS} error={errors.closeTime?.message} {...form.register('closeTime')} />
              <SelectField
                label="Kitchen last orders"
                options={LAST_ORDERS_OPTIONS}
                error={errors.lastOrdersTime?.message}
                {...form.register('lastOrdersTime')}
              />
            </div>
          )}
          <TextField label="Reason" placeholder="Private party, Christmas Day…" maxLength={200} error={errors.reason?.message} {...form.register('reason')} />
          <FormDialogFooter submitLabel={exception ? 'Save Changes' : 'Add Exception'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {exception && (
          <FormConflictDialog
            versions={versions}
            fields={CONFLICT_FIELDS}
            form={form}
            schema={HourExceptionSchema}
            save={{ ...save, run: (values: HourExceptionInput, version) => save.run({ id: exception.id, values, version }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
