/** Events', event categories' and event enquiries' query keys and fetchers, for Events Management and Event Enquiries. */
import type { AdminEnquiry, AdminEvent, AdminEventCategory, EnquiryCounts } from '#common/event-schema'
import { getJson } from '../api'

export const eventKeys = {
  /** The staff list of events: invalidate after any change to an event (or a booking for one). */
  all: ['/api/admin/events'] as const,
  categories: ['/api/admin/event-categories'] as const,
  /** The staff list of enquiries; invalidating it also refetches the sidebar's count (its key starts the same). */
  enquiries: ['/api/admin/event-enquiries'] as const,
  enquiryCounts: ['/api/admin/event-enquiries', 'counts'] as const,
  venue: ['/api/site-settings', 'venue'] as const,
}

export const adminEventsQuery = {
  queryKey: eventKeys.all,
  queryFn: async () => (await getJson<AdminEvent[]>('/api/admin/events')) ?? [],
}

export const eventCategoriesQuery = {
  queryKey: eventKeys.categories,
  queryFn: async () => (await getJson<AdminEventCategory[]>('/api/admin/event-categories')) ?? [],
  staleTime: 5 * 60_000,
}

export const enquiriesQuery = {
  queryKey: eventKeys.enquiries,
  queryFn: async () => (await getJson<AdminEnquiry[]>('/api/admin/event-enquiries')) ?? [],
  // New enquiries come in while the panel is open: the live channel announces each (app/lib/live.ts).
  refetchOnWindowFocus: true,
  staleTime: 0,
}

/** The sidebar's count of new enquiries: fetched again on focus and when the live channel announces an enquiry's change. */
export const enquiryCountsQuery = {
  queryKey: eventKeys.enquiryCounts,
  queryFn: async () => (await getJson<EnquiryCounts>('/api/admin/event-enquiries/counts')) ?? { pending: 0 },
  refetchOnWindowFocus: true,
  staleTime: 0,
}

/** The new event's default venue: the venue's name and town from the site settings (SPEC.md section 3). */
export const venueDefaultQuery = {
  queryKey: eventKeys.venue,
  queryFn: async () => {
    const [name, town] = await Promise.all([
      getJson<{ value: string }>('/api/site-settings/venue_name'),
      getJson<{ value: string }>('/api/site-settings/venue_town'),
    ])
    return [name?.value, town?.value].filter(Boolean).join(', ')
  },
  staleTime: 5 * 60_000,
}
