import { and, eq, gt, ne, or, sql } from 'drizzle-orm'
import { MENU_CATEGORIES } from '../../common/constants'
import type { Db } from '../db/client'
import { menuSections, type MenuSection } from '../db/schema'

const categoryRank = (category: string) => {
  const rank = MENU_CATEGORIES.indexOf(category as (typeof MENU_CATEGORIES)[number])
  return rank === -1 ? MENU_CATEGORIES.length : rank
}

/** A section has content when it has at least one page image or a PDF. */
const hasContent = or(
  gt(sql<number>`coalesce(cardinality(${menuSections.imageUrls}), 0)`, 0),
  and(sql`${menuSections.pdfUrl} is not null`, ne(menuSections.pdfUrl, '')),
)

/** Public reads of the menu sections (the admin PDF-menus work adds writes). */
export function createMenuService(db: Db) {
  return {
    /** Active sections with page images or a PDF, in the public category order (DESIGN.md section 6). */
    async publicSections(): Promise<MenuSection[]> {
      const rows = await db
        .select()
        .from(menuSections)
        .where(and(eq(menuSections.isActive, true), hasContent))
      return rows.sort((a, b) => categoryRank(a.category) - categoryRank(b.category))
    },
  }
}
export type MenuService = ReturnType<typeof createMenuService>
