import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import {
  ADMIN_RESERVATION_MESSAGES,
  AdminReservationSchema,
  editFormOf,
  OVERRIDABLE_CONFLICTS,
  type AdminReservation,
  type AdminReservationForm,
  type AdminReservationInput,
} from '#common/admin-reservations-schema'
import { FOOD_DRINKS, FOOD_DRINKS_LABELS, RESERVATION_STATUSES } from '#common/constants'
import { lastOrdersFor } from '#common/availability'
import { isDrinksOnlyTime, LAST_ORDERS_MESSAGES } from '#common/last-orders'
import { formatLongDate, formatTime12, isValidDate, isValidTime } from '#common/time'
import { FormError, SelectField, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { ConflictDialog, type ConflictFieldLabel, type VersionConflict } from '../conflict-dialog'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import { OnlineExplanation, TablePicker, tableQueryOf } from './table-picker'
import type { useReservationActions } from './use-reservation-actions'
import { exceptionsQuery, weekQuery } from '~/lib/queries/hours'
import { guestsText } from '#common/reservation-form'

const STATUS_OPTIONS = RESERVATION_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))
const PREFERENCE_OPTIONS = FOOD_DRINKS.map((v) => ({ value: v, label: FOOD_DRINKS_LABELS[v] }))

/** The fields the conflict dialog compares, in the form's words. */
const CONFLICT_FIELDS: readonly ConflictFieldLabel[] = [
  { key: 'name', label: 'Name' },
  { key: 'status', label: 'Status', format: (v) => STATUS_OPTIONS.find((o) => o.value === v)?.label ?? String(v) },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'date', label: 'Date', format: (v) => formatLongDate(String(v)) },
  { key: 'startTime', label: 'Time', format: (v) => formatTime12(String(v)) },
  { key: 'partySize', label: 'Party Size' },
  { key: 'foodDrinks', label: 'Preference', format: (v) => FOOD_DRINKS_LABELS[v as keyof typeof FOOD_DRINKS_LABELS] ?? String(v) },
  { key: 'additionalInfo', label: 'Additional Information' },
]

/** The 409 of a save on an older version: the booking as it is now, when the answer carries it. */
function currentOf(body: unknown): AdminReservation | undefined {
  const current = (body as { current?: unknown } | undefined)?.current
  return current && typeof current === 'object' && 'version' in current ? (current as AdminReservation) : undefined
}

function initialValues(reservation: AdminReservation | undefined, date: string, prefill?: Partial<AdminReservationForm>): AdminReservationForm {
  if (reservation) return editFormOf(reservation)
  return { name: '', email: '', phone: '', date, startTime: '19:00', partySize: 2, additionalInfo: '', foodDrinks: 'food_and_drinks', status: 'confirmed', ...prefill }
}

/**
 * The Edit Reservation dialog of SPEC.md section 2, also used empty for a
 * phone or walk-in booking ('New Booking'). Saving asks first; when the
 * server says the table does not fit (over capacity, pacing or hours), the
 * reason shows here with 'Save anyway'.
 */
export function ReservationDialog({
  open,
  onOpenChange,
  reservation,
  defaultDate,
  save,
  prefill,
  enquiryId,
  description,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  reservation?: AdminReservation
  defaultDate: string
  save: ReturnType<typeof useReservationActions>['save']
  /** A new booking's fields filled in beforehand (a booking made from an event enquiry). */
  prefill?: Partial<AdminReservationForm>
  /** The event enquiry a new booking is made from: linked to it as it is saved. */
  enquiryId?: number
  /** Replaces the line under the dialog's title. */
  description?: string
}) {
  const form = useForm<AdminReservationForm, unknown, AdminReservationInput>({
    resolver: zodResolver(AdminReservationSchema),
    defaultValues: initialValues(reservation, defaultDate, prefill),
  })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  const { errors } = form.formState
  const [submitted, setSubmitted] = React.useState<AdminReservationInput | null>(null)
  // The booking as this form last read it: its version goes with the save (a conflict's answer moves it on).
  const [base, setBase] = React.useState(reservation)
  const [conflict, setConflict] = React.useState<VersionConflict<AdminReservationForm> | null>(null)
  // The tables staff ticked; null while untouched (the server keeps the booking's tables or picks the best free one).
  const [picked, setPicked] = React.useState<number[] | null>(null)
  const [date, startTime, partySize, foodDrinks] = form.watch(['date', 'startTime', 'partySize', 'foodDrinks'])
  const tableQuery = tableQueryOf({ date, startTime, partySize }, reservation?.id)
  // Food at or after the kitchen's last orders (issue 36): a warning, not a refusal; staff may still save.
  const week = useQuery({ ...weekQuery, enabled: open })
  const exceptions = useQuery({ ...exceptionsQuery, enabled: open })
  const lastOrders =
    week.data && exceptions.data && date && isValidDate(date) ? lastOrdersFor(date, week.data, exceptions.data) : null
  const kitchenWarning =
    foodDrinks === 'food_and_drinks' && startTime && isValidTime(startTime) && isDrinksOnlyTime(startTime, lastOrders)
      ? LAST_ORDERS_MESSAGES.staffWarning(formatTime12(lastOrders!))
      : ''

  // A fresh form each time the dialog opens, for the booking it opens on.
  React.useEffect(() => {
    if (!open) return
    form.reset(initialValues(reservation, defaultDate, prefill))
    save.clearError()
    setSubmitted(null)
    setBase(reservation)
    setConflict(null)
    setPicked(null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reservation?.id, enquiryId])

  // Someone else saved the booking while this form was open: show what differs, and let staff choose.
  React.useEffect(() => {
    const current = save.errorCode === 'stale_version' ? currentOf(save.errorBody) : undefined
    if (!current || !base || !submitted) return
    setConflict({ message: save.error ?? '', base: editFormOf(base), mine: submitted, theirs: editFormOf(current) })
    setBase(current)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.errorBody])

  // The server's messages per field go beside the fields.
  React.useEffect(() => {
    for (const [field, message] of Object.entries(save.fieldErrors)) {
      if (field in form.getValues()) form.setError(field as keyof AdminReservationForm, { message })
    }
  }, [save.fieldErrors, form])

  const ask = (values: AdminReservationInput, force = false) => {
    setSubmitted(values)
    const when = `${formatLongDate(values.date)} at ${formatTime12(values.startTime)}`
    save.ask({
      title: force ? 'Book anyway?' : reservation ? 'Save changes?' : 'Add this booking?',
      description: force
        ? `${save.error} Save it anyway?`
        : reservation
          ? `Save the changes to ${values.name}'s booking: ${when}, ${guestsText(values.partySize)}?`
          : `Book a table for ${values.name}, ${guestsText(values.partySize)}, ${when}?`,
      confirmLabel: force ? 'Save anyway' : 'Save',
      variables: { id: reservation?.id, values, force, version: base?.version, tableIds: picked ?? undefined, enquiryId: reservation ? undefined : enquiryId },
      returnTo: 'form',
    })
  }

  /** Keep Mine or Save Merged: the chosen values go into the form and are saved on the version the conflict gave. */
  const saveResolved = (values: AdminReservationForm) => {
    setConflict(null)
    save.clearError()
    form.reset(values, { keepDefaultValues: true })
    void form.handleSubmit((parsed) => ask(parsed))()
  }
  /** Take Theirs: the form shows the booking as it is now, nothing is saved. */
  const takeTheirs = (values: AdminReservationForm) => {
    setConflict(null)
    save.clearError()
    form.reset(values)
  }

  const canOverride = Boolean(save.errorCode && OVERRIDABLE_CONFLICTS.has(save.errorCode) && submitted)
  // A refused time: say why guests would not be offered it online either (the booking's own decision).
  const refusedQuery = canOverride && submitted ? tableQueryOf(submitted, reservation?.id) : null
  const tableError = save.fieldErrors.tableIds

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{reservation ? 'Edit Reservation' : 'New Booking'}</DialogTitle>
          <DialogDescription>
            {description ??
              (reservation
                ? 'A new date, time or a larger party is checked against the tables free.'
                : 'A phone or walk-in booking, checked against the tables free like a booking made on the website.')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => ask(values))}>
          <FormError message={conflict || tableError ? undefined : save.error}>
            {/* The button before the explanation, which arrives a moment later: a click as it arrives still lands on the button. */}
            {canOverride && (
              <Button type="button" size="sm" variant="destructive" className="mt-2" onClick={() => ask(submitted!, true)}>
                Save anyway
              </Button>
            )}
            {refusedQuery && <OnlineExplanation query={refusedQuery} refusal={save.error ?? undefined} />}
          </FormError>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
            <SelectField label="Status" options={STATUS_OPTIONS} error={errors.status?.message} {...form.register('status')} />
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              hint={ADMIN_RESERVATION_MESSAGES.emailHint}
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextField label="Phone" type="tel" autoComplete="off" error={errors.phone?.message} {...form.register('phone')} />
            <TextField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
            <TextField label="Time" type="time" error={errors.startTime?.message} {...form.register('startTime')} />
            <TextField label="Party Size" type="number" inputMode="numeric" min={1} error={errors.partySize?.message} {...form.register('partySize')} />
            <SelectField label="Preference" options={PREFERENCE_OPTIONS} error={errors.foodDrinks?.message} {...form.register('foodDrinks')} />
          </div>
          {/* Always there, empty until needed, so a screen reader hears the warning when it appears. */}
          <p role="status" data-testid="kitchen-warning" className="rounded-md border border-brass bg-accent px-3 py-2 text-sm empty:hidden">
            {kitchenWarning}
          </p>
          <TablePicker
            query={tableQuery}
            picked={picked}
            current={reservation?.tables.map((t) => t.id)}
            onChange={setPicked}
            error={tableError}
          />
          <TextareaField label="Additional Information" rows={3} maxLength={2000} error={errors.additionalInfo?.message} {...form.register('additionalInfo')} />
          <FormDialogFooter submitLabel={reservation ? 'Save Changes' : 'Add Booking'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        <ConflictDialog
          conflict={conflict}
          fields={CONFLICT_FIELDS}
          pending={save.pending}
          onKeepMine={saveResolved}
          onMerge={saveResolved}
          onTakeTheirs={takeTheirs}
          onCancel={() => setConflict(null)}
        />
      </DialogContent>
    </Dialog>
  )
}
