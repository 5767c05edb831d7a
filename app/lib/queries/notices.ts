/** The back-office banners' notices and Opening Hours' days that matter: query keys and fetchers. */
import type { AdminNotices } from '#common/admin-notices'
import type { DayThatMatters } from '#common/days-that-matter'
import { getJson } from '../api'

export const noticesKeys = {
  all: ['/api/admin/notices'] as const,
  daysThatMatter: ['/api/admin/hours/days-that-matter'] as const,
}

export const noticesQuery = {
  queryKey: noticesKeys.all,
  queryFn: () => getJson<AdminNotices>('/api/admin/notices'),
  // A banner that stays after staff fixed it is worse than a refetch.
  staleTime: 0,
  retry: false,
}

export const daysThatMatterQuery = {
  queryKey: noticesKeys.daysThatMatter,
  queryFn: async () => (await getJson<DayThatMatters[]>('/api/admin/hours/days-that-matter')) ?? [],
  staleTime: 0,
}
