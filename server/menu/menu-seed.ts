import type { Db } from '../db/client'
import { menuSections } from '../db/schema'

/**
 * The demo menus: illustrated pages shipped in public/images/menu (rendered by
 * scripts/artwork.mjs), and a wine list as a PDF. Existing sections of the
 * same category are kept.
 */
export const DEMO_MENU_SECTIONS = [
  {
    name: 'Food Menu',
    category: 'food',
    description: 'Small plates, pub classics and steaks from the grill, with proper chips.',
    imageUrls: ['/images/menu/food-1.webp', '/images/menu/food-2.webp'],
    backgroundImage: '/images/tile-menu-960.webp',
  },
  {
    name: 'Vegan Menu',
    category: 'vegan',
    description: 'A full plant-based menu, from mushroom and ale pie to battered banana blossom.',
    imageUrls: ['/images/menu/vegan-1.webp'],
    backgroundImage: '/images/venue-garden-960.webp',
  },
  {
    name: 'Sunday Lunch',
    category: 'sunday',
    description: 'Roasts with goose-fat potatoes, Yorkshire puddings and proper gravy, from 12pm.',
    imageUrls: ['/images/menu/sunday-1.webp'],
    backgroundImage: '/images/venue-dining-960.webp',
  },
  {
    name: 'Desserts',
    category: 'desserts',
    description: 'Sticky toffee pudding, crumble and custard, and a local cheeseboard.',
    imageUrls: ['/images/menu/desserts-1.webp'],
    backgroundImage: '/images/venue-lounge-960.webp',
  },
  {
    name: 'Wine List',
    category: 'wine',
    description: 'Whites, reds, rosé and English sparkling, by the glass and the bottle.',
    imageUrls: [],
    pdfUrl: '/images/menu/wine-list.pdf',
    backgroundImage: '/images/venue-bar-960.webp',
  },
] as const

/** Inserts the demo food, vegan, Sunday, desserts and wine sections (on conflict do nothing). */
export async function seedMenuSections(db: Db): Promise<void> {
  await db
    .insert(menuSections)
    .values(DEMO_MENU_SECTIONS.map((s) => ({ ...s, imageUrls: [...s.imageUrls] as string[] })))
    .onConflictDoNothing({ target: menuSections.category })
}
