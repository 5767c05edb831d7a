/** The cocktails page content's query key and fetcher, for the Cocktails panel. */
import type { CocktailsContent } from '#common/settings'
import { getJson } from '../api'

export const cocktailsKeys = { content: ['/api/admin/cocktails-content'] as const, media: ['/api/admin/media'] as const }

/** The content staff edit, with the version a save sends back (0 while it was never saved). */
export type AdminCocktailsContent = CocktailsContent & { version: number }

export const cocktailsQuery = {
  queryKey: cocktailsKeys.content,
  queryFn: () => getJson<AdminCocktailsContent>('/api/admin/cocktails-content'),
}
