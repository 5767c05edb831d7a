import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import * as React from 'react'
import { Controller, useForm, type UseFormReturn } from 'react-hook-form'
import { EventSchema, type AdminEvent, type EventForm, type EventInput } from '#common/event-schema'
import { FormError, SelectField, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { eventCategoriesQuery, venueDefaultQuery } from '~/lib/queries/events'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { UploadControl } from '../upload-control'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import { BOOKING_TYPE_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS } from './event-filters'
import type { useEventActions } from './use-event-actions'

type Choice = 'type' | 'status' | 'bookingType'
/** The form's values: text for every input, the switches' booleans, the selects' choices. */
type Values = {
  [K in Exclude<keyof EventForm, Choice>]-?: EventForm[K] extends boolean | undefined ? boolean : string
} & Required<Pick<EventForm, Choice>>

/** SPEC.md section 9's admin defaults: special event, published, table booking; the venue's name and town. */
const blank = (venue: string): Values => ({
  title: '',
  slug: '',
  description: '',
  shortDescription: '',
  date: '',
  time: '',
  endTime: '',
  type: 'special_event',
  categoryId: '',
  image: '',
  gallery: '',
  price: '',
  capacity: '',
  bookingType: 'table',
  bookingUrl: '',
  featured: false,
  status: 'published',
  tags: '',
  venue,
  contact: '',
  depositRequired: '',
  isRecurring: false,
  recurringPattern: '',
})

/** An event as the form holds it: text everywhere, lists as comma-separated text. */
const formValues = (e: AdminEvent): Values => ({
  title: e.title,
  slug: e.slug,
  description: e.description,
  shortDescription: e.shortDescription ?? '',
  date: e.date,
  time: e.time,
  endTime: e.endTime ?? '',
  type: e.type as Values['type'],
  categoryId: e.categoryId === null ? '' : String(e.categoryId),
  image: e.image ?? '',
  gallery: e.gallery.join(', '),
  price: e.price ?? '',
  capacity: e.capacity === null ? '' : String(e.capacity),
  bookingType: e.bookingType as Values['bookingType'],
  bookingUrl: e.bookingUrl ?? '',
  featured: e.featured,
  status: (e.status || 'published') as Values['status'],
  tags: e.tags.join(', '),
  venue: e.venue ?? '',
  contact: e.contact ?? '',
  depositRequired: e.depositRequired ?? '',
  isRecurring: e.isRecurring,
  recurringPattern: e.recurringPattern ?? '',
})

const options = (labels: Record<string, string>, values: readonly string[]) => values.map((value) => ({ value, label: labels[value] ?? value }))
const TYPE_OPTIONS = options(EVENT_TYPE_LABELS, ['live_music', 'quiz_night', 'wine_tasting', 'special_event', 'private_hire', 'other'])
const STATUS_OPTIONS = options(EVENT_STATUS_LABELS, ['published', 'draft', 'cancelled'])
const BOOKING_OPTIONS = options(BOOKING_TYPE_LABELS, ['table', 'enquiry'])

/** The fields the conflict dialog compares, with their labels (the form's own). */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Slug' },
  { key: 'shortDescription', label: 'Short description' },
  { key: 'description', label: 'Full description' },
  { key: 'date', label: 'Date' },
  { key: 'time', label: 'Start time' },
  { key: 'endTime', label: 'End time' },
  { key: 'type', label: 'Event type', format: (v) => EVENT_TYPE_LABELS[String(v)] ?? String(v) },
  { key: 'categoryId', label: 'Category' },
  { key: 'status', label: 'Status', format: (v) => EVENT_STATUS_LABELS[String(v)] ?? String(v) },
  { key: 'bookingType', label: 'Booking type', format: (v) => BOOKING_TYPE_LABELS[String(v)] ?? String(v) },
  { key: 'price', label: 'Price' },
  { key: 'capacity', label: 'Capacity (guests)' },
  { key: 'depositRequired', label: 'Deposit required' },
  { key: 'bookingUrl', label: 'Booking link' },
  { key: 'venue', label: 'Venue' },
  { key: 'contact', label: 'Contact' },
  { key: 'tags', label: 'Tags' },
  { key: 'image', label: 'Image' },
  { key: 'gallery', label: 'Gallery images' },
  { key: 'featured', label: 'Featured' },
  { key: 'isRecurring', label: 'Recurring event' },
  { key: 'recurringPattern', label: 'Recurring pattern' },
]

/** What the dialog edits: an event, a copy of one to save as new, or a blank new one (a type only: the panel imports it without loading the dialog). */
export type Editing = { mode: 'edit'; event: AdminEvent } | { mode: 'new'; from?: AdminEvent }

/**
 * Create and edit an event (every field of SPEC.md section 3's entity), and
 * Duplicate: a copy titled '… (Copy)' that saves as a new event with a slug
 * of its own. Image and gallery go through the shared upload control, with
 * SPEC.md section 8's messages; the gallery and tags stay editable as text.
 */
export function EventDialog({
  open,
  onOpenChange,
  editing,
  actions,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  editing: Editing
  actions: ReturnType<typeof useEventActions>
}) {
  const event = editing.mode === 'edit' ? editing.event : undefined
  const save = event ? actions.update : actions.create
  const venue = useQuery(venueDefaultQuery)
  const categories = useQuery(eventCategoriesQuery)
  const initial = event
    ? formValues(event)
    : editing.mode === 'new' && editing.from
      ? { ...formValues(editing.from), title: `${editing.from.title} (Copy)`, slug: '' }
      : blank(venue.data ?? '')
  const form = useForm<EventForm, unknown, EventInput>({ resolver: zodResolver(EventSchema), defaultValues: initial })
  // Someone else may save this event while the dialog is open: the save carries the version it was read at.
  const versions = useVersionConflict<Values, AdminEvent>({ initial: initial as Values, version: event?.version, stale: actions.update.stale, toValues: formValues })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  const { errors } = form.formState
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps
  // The venue's name arrives after the form opened: fill it in unless staff typed one.
  React.useEffect(() => {
    if (!event && !(editing.mode === 'new' && editing.from) && venue.data && !form.getValues('venue')) form.setValue('venue', venue.data)
  }, [venue.data]) // eslint-disable-line react-hooks/exhaustive-deps

  const serverErrors = save.fieldErrors
  const field = (name: keyof Values) => ({ error: errors[name]?.message ?? serverErrors[name], ...form.register(name) })
  const image = form.watch('image') as string
  const isRecurring = form.watch('isRecurring')

  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues() as Values)
    return event
      ? actions.update.ask({
          title: 'Save this event?',
          description: `Save the changes to ${values.title}?`,
          confirmLabel: 'Save',
          variables: { id: event.id, values, version: versions.version },
          returnTo: 'form',
        })
      : actions.create.ask({
          title: 'Create this event?',
          description:
            values.status === 'published'
              ? `Create ${values.title}? Published events show on the website at once.`
              : `Create ${values.title} as ${values.status === 'draft' ? 'a draft' : 'cancelled'}? It does not show on the website.`,
          confirmLabel: 'Create',
          variables: values,
          returnTo: 'form',
        })
  })

  const addGallery = (url: string) => {
    const current = String(form.getValues('gallery') ?? '')
    form.setValue('gallery', current.trim() ? `${current.trim().replace(/,\s*$/, '')}, ${url}` : url, { shouldDirty: true, shouldValidate: true })
  }

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{event ? 'Edit Event' : editing.mode === 'new' && editing.from ? 'Duplicate Event' : 'Create Event'}</DialogTitle>
          <DialogDescription>Title, full description, date and start time are required.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Title" fieldClassName="sm:col-span-2" {...field('title')} />
            <TextField
              label="Slug"
              fieldClassName="sm:col-span-2"
              hint={event ? 'The web address of the event page. It stays when the title changes; change it here.' : 'Leave empty to make it from the title.'}
              {...field('slug')}
            />
            <TextareaField label="Short description" rows={2} fieldClassName="sm:col-span-2" hint="One or two lines for the event card." {...field('shortDescription')} />
            <TextareaField label="Full description" rows={6} fieldClassName="sm:col-span-2" hint="A blank line starts a new paragraph." {...field('description')} />
            <TextField label="Date" type="date" {...field('date')} />
            <div className="grid grid-cols-2 gap-3">
              <TextField label="Start time" type="time" step={300} {...field('time')} />
              <TextField label="End time (optional)" type="time" step={300} {...field('endTime')} />
            </div>
            <SelectField label="Event type" options={TYPE_OPTIONS} {...field('type')} />
            <SelectField
              label="Category"
              options={[{ value: '', label: 'No category' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
              {...field('categoryId')}
            />
            <SelectField label="Status" options={STATUS_OPTIONS} {...field('status')} />
            <SelectField label="Booking type" options={BOOKING_OPTIONS} {...field('bookingType')} />
            <TextField label="Price" placeholder="15.00 or Free" {...field('price')} />
            <TextField label="Capacity (guests)" type="number" inputMode="numeric" min={0} {...field('capacity')} />
            <TextField label="Deposit required" placeholder="£10 per person" {...field('depositRequired')} />
            <TextField label="Booking link (optional)" placeholder="https:// or /booking" {...field('bookingUrl')} />
            <TextField label="Venue" {...field('venue')} />
            <TextField label="Contact" placeholder="Phone or email for this event" {...field('contact')} />
            <TextField label="Tags" hint="Separate tags with commas: music, free entry" fieldClassName="sm:col-span-2" {...field('tags')} />
          </div>

          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Image</legend>
            {image ? (
              <div className="flex flex-wrap items-center gap-3">
                <img src={image} alt="The event's image" className="h-20 w-32 rounded object-cover" />
                <Button type="button" size="sm" variant="outline" onClick={() => form.setValue('image', '', { shouldDirty: true })}>
                  <X aria-hidden="true" />
                  Remove image
                </Button>
              </div>
            ) : null}
            <UploadControl label="Upload event image" onUploaded={(file) => form.setValue('image', file.url, { shouldDirty: true, shouldValidate: true })} />
            <TextField label="Image address" placeholder="/uploads/... or https://" {...field('image')} />
          </fieldset>

          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">Gallery</legend>
            <UploadControl multiple label="Upload gallery images" onUploaded={(file) => addGallery(file.url)} />
            <TextareaField label="Gallery images" rows={2} hint="Image addresses, separated by commas." {...field('gallery')} />
          </fieldset>

          <div className="flex flex-wrap gap-x-6 gap-y-3">
            <div className="flex items-center gap-3">
              <Controller control={form.control} name="featured" render={({ field: f }) => <Switch id="event-featured" checked={Boolean(f.value)} onCheckedChange={f.onChange} />} />
              <Label htmlFor="event-featured">Featured</Label>
            </div>
            <div className="flex items-center gap-3">
              <Controller control={form.control} name="isRecurring" render={({ field: f }) => <Switch id="event-recurring" checked={Boolean(f.value)} onCheckedChange={f.onChange} />} />
              <Label htmlFor="event-recurring">Recurring event</Label>
            </div>
          </div>
          {isRecurring && <TextField label="Recurring pattern" placeholder="Every first Friday" {...field('recurringPattern')} />}

          <FormDialogFooter submitLabel={event ? 'Save Changes' : 'Create Event'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {event && (
          <FormConflictDialog
            versions={versions}
            fields={CONFLICT_FIELDS}
            // The conflict compares the dialog's Values; the form is typed with the schema's input, which is wider.
            form={form as unknown as UseFormReturn<Values>}
            schema={EventSchema}
            save={{ ...actions.update, run: (values: EventInput, version) => actions.update.run({ id: event.id, values, version }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
