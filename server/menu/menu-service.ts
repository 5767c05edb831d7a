import { and, eq, gt, ne, or, sql } from 'drizzle-orm'
import { MENU_CATEGORIES, type MenuCategory } from '#common/constants'
import { MENU_MESSAGES, type MenuSectionInput, type MenuSectionPatch, type MenuSectionRow } from '#common/menu-schema'
import type { Db } from '../db/client'
import { menuSections, type MenuSection } from '../db/schema'
import { ConflictError, NotFoundError } from '../domain-errors'
import { isUniqueViolation } from '../db/errors'

const categoryRank = (category: string) => {
  const rank = MENU_CATEGORIES.indexOf(category as (typeof MENU_CATEGORIES)[number])
  return rank === -1 ? MENU_CATEGORIES.length : rank
}

/** A section has content when it has at least one page image or a PDF. */
const hasContent = or(
  gt(sql<number>`coalesce(cardinality(${menuSections.imageUrls}), 0)`, 0),
  and(sql`${menuSections.pdfUrl} is not null`, ne(menuSections.pdfUrl, '')),
)

const asRow = (s: MenuSection): MenuSectionRow => ({ ...s, category: s.category as MenuCategory, updatedAt: s.updatedAt.toISOString() })

/** The menu sections: the public /menu reads, and PDF Menus' writes (one section per category). */
export function createMenuService(db: Db) {
  /** A second section of a category is a clear 409, not a database error. */
  async function unique<T>(category: MenuCategory | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (isUniqueViolation(error) && category) throw new ConflictError(MENU_MESSAGES.categoryTaken(category), 'category_taken')
      throw error
    }
  }

  return {
    /** Every section, active or not, in the category order. */
    async list(): Promise<MenuSectionRow[]> {
      const rows = await db.select().from(menuSections)
      return rows.sort((a, b) => categoryRank(a.category) - categoryRank(b.category)).map(asRow)
    },

    async create(input: MenuSectionInput): Promise<MenuSectionRow> {
      const [row] = await unique(input.category, () => db.insert(menuSections).values(input).returning())
      return asRow(row!)
    },

    /** Changes the fields given; updatedAt moves, so the background's cache-busting stamp changes. */
    async update(id: number, patch: MenuSectionPatch): Promise<MenuSectionRow> {
      const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
      const [row] = await unique(patch.category, () =>
        db
          .update(menuSections)
          .set({ ...changes, updatedAt: sql`greatest(now(), ${menuSections.updatedAt} + interval '1 millisecond')` })
          .where(eq(menuSections.id, id))
          .returning(),
      )
      if (!row) throw new NotFoundError(MENU_MESSAGES.notFound)
      return asRow(row)
    },

    async remove(id: number): Promise<void> {
      const [row] = await db.delete(menuSections).where(eq(menuSections.id, id)).returning({ id: menuSections.id })
      if (!row) throw new NotFoundError(MENU_MESSAGES.notFound)
    },

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
