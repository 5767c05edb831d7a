/** PDF Menus (SPEC.md sections 2, 3 and 5; DESIGN.md section 6): the request schemas and the category names. */
import { z } from 'zod'
import { MENU_CATEGORIES, type MenuCategory } from './constants'
import { text, VersionSchema } from './fields-schema'

export const MENU_CATEGORY_LABELS: Record<MenuCategory, string> = {
  food: 'Food',
  vegan: 'Vegan',
  sunday: 'Sunday',
  desserts: 'Desserts',
  cocktails: 'Cocktails',
  beer: 'Beer',
  wine: 'Wine',
}

/** The most page images one section holds. */
export const MAX_MENU_PAGES = 30

/** A stored upload or site picture (/uploads/…, /images/…) or a web address; never javascript: or data:. */
const isStoredPath = (v: string) => /^(?:\/(?!\/)|https:\/\/)/i.test(v)
const path = (label: string) => text({ max: 500, label }).refine((v) => v === '' || isStoredPath(v), `${label} must be an uploaded file`)
/** An optional file: empty or null stored as null. */
const optionalPath = (label: string) =>
  path(label)
    .nullish()
    .transform((v) => v || null)

const fields = {
  name: text({ max: 100, required: 'Name is required', label: 'Name' }),
  category: z.enum(MENU_CATEGORIES, { error: `Category must be one of ${MENU_CATEGORIES.join(', ')}` }),
  description: text({ max: 1000, multiline: true, label: 'Description' }),
  pdfUrl: optionalPath('PDF'),
  imageUrls: z
    .array(text({ max: 500, required: 'A page image is missing', label: 'Page image' }).refine(isStoredPath, 'Each page image must be an uploaded image'), {
      error: 'imageUrls must be a list of images',
    })
    .max(MAX_MENU_PAGES, `A section has at most ${MAX_MENU_PAGES} page images`),
  backgroundImage: optionalPath('Background image'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
}

/** POST /api/admin/menu-sections. */
export const MenuSectionSchema = z.object({
  ...fields,
  description: fields.description.default(''),
  pdfUrl: fields.pdfUrl.default(null),
  imageUrls: fields.imageUrls.default([]),
  backgroundImage: fields.backgroundImage.default(null),
  isActive: fields.isActive.default(true),
})
export type MenuSectionInput = z.infer<typeof MenuSectionSchema>
export type MenuSectionForm = z.input<typeof MenuSectionSchema>

/** PATCH /api/admin/menu-sections/{id}: only the fields sent change. */
export const MenuSectionPatchSchema = z
  .object(fields)
  .partial()
  // The version the form was read at: a save over someone else's newer change is refused (409).
  .extend({ version: VersionSchema })
  .refine((v) => Object.entries(v).some(([key, x]) => key !== 'version' && x !== undefined), 'Nothing to change')
export type MenuSectionPatch = z.infer<typeof MenuSectionPatchSchema>

/** A section as the admin API returns it. */
export type MenuSectionRow = {
  id: number
  name: string
  category: MenuCategory
  description: string
  pdfUrl: string | null
  imageUrls: string[]
  backgroundImage: string | null
  isActive: boolean
  updatedAt: string
  /** What a save sends back: the version this copy was read at. */
  version: number
}

export const MENU_MESSAGES = {
  setupTitle: 'Setup Required',
  categoryTaken: (category: MenuCategory) => `There is already a ${MENU_CATEGORY_LABELS[category]} section: edit that one, or choose another category.`,
  notFound: 'Menu section not found',
} as const
