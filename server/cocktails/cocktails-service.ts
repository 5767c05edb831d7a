import type { CocktailsContentInput } from '../../common/cocktails'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '../../common/settings'
import type { Db } from '../db/client'
import { cocktailsContent } from '../db/schema'

/** The cocktails page content: one row, with the defaults when it was never saved. */
export function createCocktailsService(db: Db) {
  return {
    async get(): Promise<CocktailsContent> {
      const [row] = await db.select().from(cocktailsContent).limit(1)
      if (!row) return { ...COCKTAILS_DEFAULTS }
      return {
        introText: row.introText,
        descriptionText: row.descriptionText,
        specialOfferTitle: row.specialOfferTitle,
        specialOfferDetails: row.specialOfferDetails,
        specialOfferTimes: row.specialOfferTimes,
        galleryImages: row.galleryImages,
      }
    },

    async save(content: CocktailsContentInput): Promise<CocktailsContent> {
      await db
        .insert(cocktailsContent)
        .values({ id: 1, ...content })
        .onConflictDoUpdate({ target: cocktailsContent.id, set: { ...content, updatedAt: new Date() } })
      return this.get()
    },
  }
}
export type CocktailsService = ReturnType<typeof createCocktailsService>
