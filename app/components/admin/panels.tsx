import type { ComponentType } from 'react'
import type { AdminSectionId } from '../../../common/constants'
import { CocktailsPanel } from './cocktails-panel'

/**
 * The panel shown for each admin section. Features register their panel
 * here; until then a section shows its title.
 */
export const ADMIN_PANELS: Partial<Record<AdminSectionId, ComponentType>> = {
  cocktails: CocktailsPanel,
}
