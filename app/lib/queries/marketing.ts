/** The marketing list's query key and fetcher, for the Marketing Emails panel. */
import type { MarketingEmail } from '#common/marketing'
import { getJson } from '../api'

export const marketingKeys = {
  list: ['/api/admin/marketing-emails'] as const,
}

/** The CSV of the whole list: the server names the file marketing-emails-{date}.csv. */
export const MARKETING_EXPORT_URL = '/api/admin/marketing-emails/export'

export const marketingQuery = {
  queryKey: marketingKeys.list,
  queryFn: async () => (await getJson<MarketingEmail[]>('/api/admin/marketing-emails')) ?? [],
  // Guests opt in as they book: the list is current whenever staff come back to it.
  refetchOnWindowFocus: true,
  staleTime: 0,
}
