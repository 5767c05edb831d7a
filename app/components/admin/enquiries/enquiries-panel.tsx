import { useQuery } from '@tanstack/react-query'
import * as React from 'react'
import type { AdminEnquiry } from '#common/event-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { SelectField } from '~/components/forms/fields'
import { enquiriesQuery } from '~/lib/queries/events'
import { AdminContext, useVenueDays } from '../admin-context'
import { EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { CopyButton } from './copy-button'
import { EnquiryCard } from './enquiry-card'
import { EnquiryDetails } from './enquiry-details'
import {
  DEFAULT_ENQUIRY_FILTERS,
  eventOptions,
  filterEnquiries,
  inSeenOrder,
  SORT_OPTIONS,
  STATUS_OPTIONS,
  SUBMITTED_OPTIONS,
  tableSummary,
  type EnquiryFilters,
} from './enquiry-filters'
import { useEnquiryActions } from './use-enquiry-actions'

/** Event Enquiries (SPEC.md section 2): who asked about which event, their status, and the tables to lay. */
export default function EnquiriesPanel() {
  const enquiries = useQuery(enquiriesQuery)
  const { venueTimezone } = React.useContext(AdminContext)
  const { today } = useVenueDays()
  const [filters, setFilters] = React.useState<EnquiryFilters>(DEFAULT_ENQUIRY_FILTERS)
  const [viewing, setViewing] = React.useState<AdminEnquiry | null>(null)
  const actions = useEnquiryActions()
  const all = enquiries.data ?? []
  // Held after a status change, until the filters change: the list does not re-sort under the pointer.
  const [held, setHeld] = React.useState<{ filters: EnquiryFilters; order: number[] } | null>(null)
  const sorted = filterEnquiries(all, filters, today, venueTimezone)
  const shown = held?.filters === filters ? inSeenOrder(sorted, held.order) : sorted
  const summary = tableSummary(shown, filters.event === 'all' ? 'All events' : filters.event)
  const set = (key: keyof EnquiryFilters) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilters((f) => ({ ...f, [key]: e.target.value }))

  return (
    <section aria-labelledby="enquiries-title" className="space-y-5">
      <PanelHeader
        titleId="enquiries-title"
        title="Event Enquiries"
        description="Guests asking about an event: call them back, confirm their table, keep the count."
        actions={
          <CopyButton variant="outline" text={() => summary.text} disabled={!enquiries.data}>
            {ADMIN_MESSAGES.copyTableSummary}
          </CopyButton>
        }
      />

      <div role="search" aria-label="Filter enquiries" className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-card p-3 sm:p-4 lg:grid-cols-4">
        <SelectField label="Status" value={filters.status} onChange={set('status')} options={STATUS_OPTIONS} />
        <SelectField label="Event" value={filters.event} onChange={set('event')} options={eventOptions(all)} />
        <SelectField label="Date submitted" value={filters.submitted} onChange={set('submitted')} options={SUBMITTED_OPTIONS} />
        <SelectField label="Sort by" value={filters.sort} onChange={set('sort')} options={SORT_OPTIONS} />
      </div>

      {enquiries.data && (
        <dl className="grid grid-cols-3 gap-3" aria-live="polite" data-testid="enquiry-counts">
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Total enquiries</dt>
            <dd className="font-display text-2xl font-bold">{shown.length}</dd>
          </div>
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Confirmed</dt>
            <dd className="font-display text-2xl font-bold">{summary.tables}</dd>
          </div>
          <div className="rounded-lg border border-border bg-card p-3">
            <dt className="text-sm text-muted-foreground">Confirmed guests</dt>
            <dd className="font-display text-2xl font-bold">{summary.guests}</dd>
          </div>
        </dl>
      )}

      {enquiries.isPending ? (
        <LoadingState />
      ) : enquiries.isError ? (
        <ErrorState message="The enquiries could not be loaded." onRetry={() => void enquiries.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title="No enquiries found">{all.length === 0 ? 'Enquiries from the events pages appear here.' : 'Try adjusting your filters to see more enquiries.'}</EmptyState>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-busy={enquiries.isFetching}>
          {shown.map((e) => (
            <li key={e.id}>
              <EnquiryCard
                enquiry={e}
                onStatus={(status) => {
                  setHeld({ filters, order: shown.map((s) => s.id) })
                  actions.setStatus(e.id, status)
                }}
                onView={() => setViewing(e)} onDelete={() => actions.remove(e.id)} />
            </li>
          ))}
        </ul>
      )}
      <EnquiryDetails enquiry={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </section>
  )
}
