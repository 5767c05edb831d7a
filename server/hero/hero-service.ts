import { asc, count, eq, sql } from 'drizzle-orm'
import type { HeroSlideInput, HeroSlideRow } from '#common/hero-schema'
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
})

/**
 * Homepage hero slides. The public site shows only active slides, by order
 * (ties by id); staff see and change them all in Hero Slides.
 */
export function createHeroService(db: Db) {
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
    async create({ order, ...input }: HeroSlideInput): Promise<HeroSlideRow> {
      const [row] = await db
        .insert(heroSlides)
        .values({ ...input, order: order ?? sql`(select ${count()}::int from ${heroSlides})` })
        .returning()
      return asRow(row!)
    },

    async update(id: number, { order, ...input }: HeroSlideInput): Promise<HeroSlideRow> {
      const [row] = await db
        .update(heroSlides)
        .set({ ...input, ...(order === undefined ? {} : { order }), updatedAt: sql`now()` })
        .where(eq(heroSlides.id, id))
        .returning()
      if (!row) throw new NotFoundError(SLIDE_NOT_FOUND)
      return asRow(row)
    },

    async remove(id: number): Promise<void> {
      const [row] = await db.delete(heroSlides).where(eq(heroSlides.id, id)).returning({ id: heroSlides.id })
      if (!row) throw new NotFoundError(SLIDE_NOT_FOUND)
    },
  }
}
export type HeroService = ReturnType<typeof createHeroService>
