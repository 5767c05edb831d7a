import { z } from 'zod'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '../../common/settings'
import type { Db } from '../db/client'
import { cocktailsContent } from '../db/schema'

export const CocktailsContentSchema = z.object({
  introText: z.string().trim().max(5000),
  descriptionText: z.string().trim().max(5000),
  specialOfferTitle: z.string().trim().max(200),
  specialOfferDetails: z.string().trim().max(1000),
  specialOfferTimes: z.string().trim().max(500),
  galleryImages: z.array(z.string().trim().min(1).max(500)).max(12),
})

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

    async save(content: z.infer<typeof CocktailsContentSchema>): Promise<CocktailsContent> {
      await db
        .insert(cocktailsContent)
        .values({ id: 1, ...content })
        .onConflictDoUpdate({ target: cocktailsContent.id, set: { ...content, updatedAt: new Date() } })
      return this.get()
    },
  }
}
export type CocktailsService = ReturnType<typeof createCocktailsService>
