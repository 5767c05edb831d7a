import { and, eq, getTableColumns, gt, ne, or, sql } from 'drizzle-orm'
import { MENU_CATEGORIES, type MenuCategory } from '#common/constants'
import { MENU_MESSAGES, type MenuSectionInput, type MenuSectionPatch, type MenuSectionRow } from '#common/menu-schema'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
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

/** What guests are shown of a section: every column but the version staff's saves carry. */
const { version: _version, ...publicColumns } = getTableColumns(menuSections)

const asRow = (s: MenuSection): MenuSectionRow => ({ ...s, category: s.category as MenuCategory, updatedAt: s.updatedAt.toISOString() })

/** The menu sections: the public /menu reads, and PDF Menus' writes (one section per category). */
export function createMenuService(db: Db, { timeZone = 'Europe/London' }: { timeZone?: string } = {}) {
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

    async create(actor: Actor, input: MenuSectionInput): Promise<MenuSectionRow> {
      const row = await unique(input.category, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(menuSections).values(input).returning()
          await audit(tx, actor, { action: 'create', entityType: 'menu_section', entityId: row!.id, summary: `added the menu section ${row!.name}`, after: changedFields(null, row, ['id']).after })
          return row!
        }),
      )
      return asRow(row)
    },

    /**
     * Changes the fields given, if the section is still at the version staff
     * read (else 409 with it as it is now); updatedAt moves, so the
     * background's cache-busting stamp changes.
     */
    async update(actor: Actor, id: number, { version, ...patch }: MenuSectionPatch): Promise<MenuSectionRow> {
      const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
      const row = await unique(patch.category, () =>
        db.transaction(async (tx) => {
          const [before] = await tx.select().from(menuSections).where(eq(menuSections.id, id)).for('update')
          if (!before) throw new NotFoundError(MENU_MESSAGES.notFound)
          const [after] = await tx
            .update(menuSections)
            .set({ ...changes, updatedAt: sql`greatest(now(), ${menuSections.updatedAt} + interval '1 millisecond')` })
            .where(and(eq(menuSections.id, id), eq(menuSections.version, version)))
            .returning()
          if (!after) throw await staleVersion(tx, { entityType: 'menu_section', entityId: id, current: asRow(before), timeZone })
          await audit(tx, actor, { action: 'update', entityType: 'menu_section', entityId: id, summary: `changed the menu section ${after.name}`, ...changedFields(before, after) })
          return after
        }),
      )
      return asRow(row)
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(menuSections).where(eq(menuSections.id, id)).returning()
        if (!row) throw new NotFoundError(MENU_MESSAGES.notFound)
        await audit(tx, actor, { action: 'delete', entityType: 'menu_section', entityId: id, summary: `deleted the menu section ${row.name}`, before: changedFields(row, null, ['id']).before })
      })
    },

    /** Active sections with page images or a PDF, in the public category order (DESIGN.md section 6). */
    async publicSections(): Promise<Omit<MenuSection, 'version'>[]> {
      const rows = await db
        .select(publicColumns)
        .from(menuSections)
        .where(and(eq(menuSections.isActive, true), hasContent))
      return rows.sort((a, b) => categoryRank(a.category) - categoryRank(b.category))
    },
  }
}
export type MenuService = ReturnType<typeof createMenuService>
