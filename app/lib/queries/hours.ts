/** Table booking hours' query keys and fetchers, for the Hours panel and the pages that show hours. */
import type { HourExceptionRow, OpeningHoursRow } from '#common/hours'
import { getJson } from '../api'

export const hoursKeys = {
  /** Staff's view of the week and of every exception. */
  week: ['/api/admin/opening-hours'] as const,
  exceptions: ['/api/admin/hour-exceptions'] as const,
  /** The public hours the footer and booking page read. */
  public: ['/api/opening-hours'] as const,
}

export const weekQuery = {
  queryKey: hoursKeys.week,
  queryFn: async () => (await getJson<OpeningHoursRow[]>('/api/admin/opening-hours')) ?? [],
  // SPEC.md section 7: opening-hours queries are never stale.
  staleTime: 0,
}

export const exceptionsQuery = {
  queryKey: hoursKeys.exceptions,
  queryFn: async () => (await getJson<HourExceptionRow[]>('/api/admin/hour-exceptions')) ?? [],
  staleTime: 0,
}
