/** Hero slides' query key and fetcher, for the Hero Slides panel. */
import type { HeroSlideRow } from '#common/hero-schema'
import { getJson } from '../api'

export const heroKeys = {
  all: ['/api/admin/hero-slides'] as const,
}

export const heroSlidesQuery = {
  queryKey: heroKeys.all,
  queryFn: async () => (await getJson<HeroSlideRow[]>('/api/admin/hero-slides')) ?? [],
}
