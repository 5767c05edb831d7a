import type { CocktailsContentInput } from '#common/cocktails-schema'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '#common/settings'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { cocktailsContent } from '../db/schema'

/** The cocktails page content: one row, with the defaults when it was never saved. */
export function createCocktailsService(db: Db, logger?: Pick<Logger, 'warn'>) {
  return {
    /**
     * What the public /cocktails page shows: the saved content, or the defaults
     * when it cannot be read (SPEC.md section 7), so the page still opens.
     */
    async pageContent(): Promise<CocktailsContent> {
      try {
        return await this.get()
      } catch (error) {
        logger?.warn({ err: error instanceof Error ? error.message : String(error) }, 'Cocktails content could not be read: showing the defaults')
        return { ...COCKTAILS_DEFAULTS }
      }
    },

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
