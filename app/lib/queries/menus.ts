/** Menu sections' query key and fetcher, for the PDF Menus panel. */
import type { MenuSectionRow } from '#common/menu-schema'
import { getJson } from '../api'

export const menuKeys = {
  all: ['/api/admin/menu-sections'] as const,
}

export const menuSectionsQuery = {
  queryKey: menuKeys.all,
  queryFn: async () => (await getJson<MenuSectionRow[]>('/api/admin/menu-sections')) ?? [],
}
