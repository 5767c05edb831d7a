import { useQuery } from '@tanstack/react-query'
import { CalendarPlus, FilterX } from 'lucide-react'
import * as React from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import { formatLongDate } from '#common/time'
import { SelectField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { useCan } from '~/lib/current-user'
import { adminEventsQuery } from '~/lib/queries/events'
import { ConfirmDialog } from '../confirm'
import { onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { EventCard } from './event-card'
import type { Editing } from './event-dialog'
import { FILTER_OPTIONS, filterEvents, isFiltered, NO_FILTERS, type EventFilters } from './event-filters'
import { useEventActions } from './use-event-actions'

// The form (and zod with it) loads when staff first reach for Create, Edit or Duplicate.
const EventDialog = lazyDialog(() => import('./event-dialog').then((m) => m.EventDialog))

/**
 * Events Management (SPEC.md section 2): every event, filtered, with create, edit, duplicate and delete for
 * the roles that may (managers and owners); staff see the list.
 */
export default function EventsPanel() {
  const canWrite = useCan('content.write')
  const canDelete = useCan('content.delete')
  const events = useQuery(adminEventsQuery)
  const [filters, setFilters] = React.useState<EventFilters>(NO_FILTERS)
  const [editing, setEditing] = React.useState<Editing | null>(null)
  const actions = useEventActions({ onSaved: () => setEditing(null) })
  const shown = events.data ? filterEvents(events.data, filters) : []
  const set = (key: keyof EventFilters) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilters((f) => ({ ...f, [key]: e.target.value }))

  return (
    <section aria-labelledby="events-title" className="space-y-5">
      <PanelHeader
        titleId="events-title"
        title="Events Management"
        description={
          canWrite ? "What's on: publish, change, copy and cancel events, and see how many have booked." : `What's on, and how many have booked. ${ADMIN_MESSAGES.managerChanges('events')}`
        }
        actions={
          canWrite && (
            <Button type="button" onClick={() => setEditing({ mode: 'new' })} {...EventDialog.preloadProps}>
              <CalendarPlus aria-hidden="true" />
              Create Event
            </Button>
          )
        }
      />

      <div role="search" aria-label="Filter events" className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:p-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <SelectField label="Month" value={filters.month} onChange={set('month')} options={FILTER_OPTIONS.month} />
        <SelectField label="Status" value={filters.status} onChange={set('status')} options={FILTER_OPTIONS.status} />
        <SelectField label="Event type" value={filters.type} onChange={set('type')} options={FILTER_OPTIONS.type} />
        <SelectField label="Booking type" value={filters.booking} onChange={set('booking')} options={FILTER_OPTIONS.booking} />
        <Button type="button" variant="outline" className="col-span-2 lg:col-span-1" onClick={() => setFilters(NO_FILTERS)} disabled={!isFiltered(filters)}>
          <FilterX aria-hidden="true" />
          {ADMIN_MESSAGES.clearFilters}
        </Button>
      </div>

      {events.data && (
        <p className="text-sm font-semibold" aria-live="polite" data-testid="events-count">
          {ADMIN_MESSAGES.showingEvents(shown.length, events.data.length)}
        </p>
      )}

      <QueryView
        query={events}
        errorMessage="The events could not be loaded."
        empty={(all) => shown.length === 0 && <EmptyState title={ADMIN_MESSAGES.noEvents}>{all.length === 0 ? ADMIN_MESSAGES.noEventsYet : ADMIN_MESSAGES.noEventsFiltered}</EmptyState>}
      >
        {() => (
          <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3" aria-busy={events.isFetching}>
            {shown.map((e) => (
              <li key={e.id}>
                <EventCard
                  event={e}
                  preload={EventDialog.preload}
                  onEdit={onlyIf(canWrite, () => setEditing({ mode: 'edit', event: e }))}
                  onDuplicate={onlyIf(canWrite, () => setEditing({ mode: 'new', from: e }))}
                  onDelete={onlyIf(canDelete, () =>
                    actions.remove.ask({
                      title: 'Delete event?',
                      description: ADMIN_MESSAGES.deleteEvent,
                      detail: `${e.title}, ${formatLongDate(e.date)}`,
                      confirmLabel: 'Delete',
                      destructive: true,
                      variables: e.id,
                    }),
                  )}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryView>

      {editing !== null && <EventDialog.Component open onOpenChange={(open) => !open && setEditing(null)} editing={editing} actions={actions} />}
      <ConfirmDialog {...actions.create.dialog} />
      <ConfirmDialog {...actions.update.dialog} />
      <ConfirmDialog {...actions.remove.dialog} />
    </section>
  )
}
