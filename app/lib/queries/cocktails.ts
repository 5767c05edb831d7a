/** The cocktails page content's query key and fetcher, for the Cocktails panel. */
import type { CocktailsContent } from '#common/settings'
import { getJson } from '../api'

export const cocktailsKeys = { content: ['/api/admin/cocktails-content'] as const, media: ['/api/admin/media'] as const }

export const cocktailsQuery = {
  queryKey: cocktailsKeys.content,
  queryFn: () => getJson<CocktailsContent>('/api/admin/cocktails-content'),
}
