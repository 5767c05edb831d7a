import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { heroSlides, type HeroSlide } from '../db/schema'

export type PublicHeroSlide = Pick<
  HeroSlide,
  'id' | 'title' | 'subtitle' | 'description' | 'image' | 'buttons' | 'order' | 'isActive'
>

/** Homepage hero slides. The public site shows only active slides, by order (ties by id). */
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
  }
}
export type HeroService = ReturnType<typeof createHeroService>
