import type { CocktailsContentInput } from '#common/cocktails-schema'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '#common/settings'
import type { Logger } from 'pino'
import { eq, and } from 'drizzle-orm'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db, DbOrTx } from '../db/client'
import { cocktailsContent } from '../db/schema'

/** The content staff edit, with the version a save sends back (0 while it was never saved). */
export type VersionedCocktailsContent = CocktailsContent & { version: number }

async function read(tx: DbOrTx): Promise<VersionedCocktailsContent> {
  const [row] = await tx.select().from(cocktailsContent).limit(1)
  if (!row) return { ...COCKTAILS_DEFAULTS, version: 0 }
  return {
    introText: row.introText,
    descriptionText: row.descriptionText,
    specialOfferTitle: row.specialOfferTitle,
    specialOfferDetails: row.specialOfferDetails,
    specialOfferTimes: row.specialOfferTimes,
    galleryImages: row.galleryImages,
    version: row.version,
  }
}

/** The cocktails page content: one row, with the defaults when it was never saved. */
export function createCocktailsService(db: Db, logger?: Pick<Logger, 'warn'>, { timeZone = 'Europe/London' }: { timeZone?: string } = {}) {
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
      const { version: _version, ...content } = await read(db)
      return content
    },

    /** What the Cocktails panel edits: the content and its version. */
    adminGet: () => read(db),

    /** Saves the content if it is still at the version staff read (0: never saved), else 409 with it as it is now. */
    async save(actor: Actor, version: number, content: CocktailsContentInput): Promise<VersionedCocktailsContent> {
      return db.transaction(async (tx) => {
        const before = await read(tx)
        const [row] =
          version === 0
            ? await tx.insert(cocktailsContent).values({ id: 1, ...content }).onConflictDoNothing({ target: cocktailsContent.id }).returning()
            : await tx
                .update(cocktailsContent)
                .set({ ...content, updatedAt: new Date() })
                .where(and(eq(cocktailsContent.id, 1), eq(cocktailsContent.version, version)))
                .returning()
        if (!row) throw await staleVersion(tx, { entityType: 'cocktails', entityId: 1, current: before, timeZone })
        const after = await read(tx)
        await audit(tx, actor, { action: 'update', entityType: 'cocktails', entityId: 1, summary: 'changed the cocktails page', ...changedFields(before, after) })
        return after
      })
    },
  }
}
export type CocktailsService = ReturnType<typeof createCocktailsService>
