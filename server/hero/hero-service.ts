import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { HeroSlideInput, HeroSlideRow } from '#common/hero-schema'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import type { Db } from '../db/client'
import { heroSlides, type HeroSlide } from '../db/schema'
import { NotFoundError } from '../domain-errors'

export type PublicHeroSlide = Pick<
  HeroSlide,
  'id' | 'title' | 'subtitle' | 'description' | 'image' | 'buttons' | 'order' | 'isActive'
>

const SLIDE_NOT_FOUND = 'Hero slide not found'

const asRow = (s: HeroSlide): HeroSlideRow => ({
  id: s.id,
  title: s.title,
  subtitle: s.subtitle,
  description: s.description,
  image: s.image,
  buttons: s.buttons,
  order: s.order,
  isActive: s.isActive,
  updatedAt: s.updatedAt.toISOString(),
  version: s.version,
})

/**
 * Homepage hero slides. The public site shows only active slides, by order
 * (ties by id); staff see and change them all in Hero Slides.
 */
export function createHeroService(db: Db, { timeZone = 'Europe/London' }: { timeZone?: string } = {}) {
  return {
    async activeSlides(): Promise<PublicHeroSlide[]> {
      return db
        .select({
          id: heroSlides.id,
          title: heroSlides.title,
          subtitle: heroSlides.subtitle,
          description: heroSlides.description,
          image: heroSlides.image,
          buttons: heroSlides.buttons,
          order: heroSlides.order,
          isActive: heroSlides.isActive,
        })
        .from(heroSlides)
        .where(eq(heroSlides.isActive, true))
        .orderBy(asc(heroSlides.order), asc(heroSlides.id))
    },

    /** Every slide, active or not, in the order the home page shows them. */
    async list(): Promise<HeroSlideRow[]> {
      return (await db.select().from(heroSlides).orderBy(asc(heroSlides.order), asc(heroSlides.id))).map(asRow)
    },

    /** SPEC.md section 9: a new slide goes last (its order is the number of slides) unless staff chose one. */
    async create(actor: Actor, { order, ...input }: HeroSlideInput): Promise<HeroSlideRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(heroSlides)
          .values({ ...input, order: order ?? sql`(select ${count()}::int from ${heroSlides})` })
          .returning()
        await audit(tx, actor, { action: 'create', entityType: 'hero_slide', entityId: row!.id, summary: `added the slide ${row!.title}`, after: changedFields(null, row, ['id']).after })
        return asRow(row!)
      })
    },

    /** Changes a slide still at the version staff read (else 409 with the slide as it is now). */
    async update(actor: Actor, id: number, version: number, { order, ...input }: HeroSlideInput): Promise<HeroSlideRow> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(heroSlides).where(eq(heroSlides.id, id)).for('update')
        if (!before) throw new NotFoundError(SLIDE_NOT_FOUND)
        const [row] = await tx
          .update(heroSlides)
          .set({ ...input, ...(order === undefined ? {} : { order }), updatedAt: sql`now()` })
          .where(and(eq(heroSlides.id, id), eq(heroSlides.version, version)))
          .returning()
        if (!row) throw await staleVersion(tx, { entityType: 'hero_slide', entityId: id, current: asRow(before), timeZone })
        await audit(tx, actor, { action: 'update', entityType: 'hero_slide', entityId: id, summary: `changed the slide ${row.title}`, ...changedFields(before, row) })
        return asRow(row)
      })
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(heroSlides).where(eq(heroSlides.id, id)).returning()
        if (!row) throw new NotFoundError(SLIDE_NOT_FOUND)
        await audit(tx, actor, { action: 'delete', entityType: 'hero_slide', entityId: id, summary: `deleted the slide ${row.title}`, before: changedFields(row, null, ['id']).before })
      })
    },
  }
}
export type HeroService = ReturnType<typeof createHeroService>
