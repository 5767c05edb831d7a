// Renders the original illustrations of artwork/ into optimised WebP files.
//   node scripts/artwork.mjs          writes artwork/*.svg and public/images/**
// The SVG sources are generated from artwork/scenes.mjs so every picture can
// be re-rendered identically; the WebP files are committed so the build needs
// no rendering step. Text on the menu pages uses the DejaVu Serif system font.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { CHRISTMAS_MENU, MENU_PAGES } from '../artwork/menus.mjs'
import * as s from '../artwork/scenes.mjs'

const root = path.resolve(import.meta.dirname, '..')
const svgDir = path.join(root, 'artwork')
const outDir = path.join(root, 'public/images')

const HERO = [480, 640, 960, 1600]
const PICTURE = [480, 960, 1600]
const TILE = [480, 960]

const c43 = (x = 200, y = 0, w = 1200) => [x, y, w, (w * 3) / 4]

/** name → [svg source, widths, WebP quality] */
const ARTWORK = {
  'hero-home': [s.exterior({ time: 'dusk' }), HERO, 62],
  'hero-christmas': [s.christmas(), HERO, 60],
  'hero-private-hire': [s.garden({ time: 'dusk' }), HERO, 62],
  'hero-menu': [s.food(), HERO, 62],
  'hero-cocktails': [s.cocktails({ set: 'classic' }), HERO, 62],
  'hero-contact': [s.exterior({ time: 'day', crop: [120, 220, 1280, 720] }), HERO, 62],
  'hero-booking': [s.dining(), HERO, 62],
  'tile-menu': [s.food({ crop: c43(250, 20, 1160) }), TILE, 68],
  'tile-cocktails': [s.cocktails({ set: 'garden', tone: '#2f2a3d', crop: c43(220, 140, 1160) }), TILE, 68],
  'tile-events': [s.eventSpace({ crop: c43(200, 40, 1200) }), TILE, 68],
  'tile-private-hire': [s.garden({ time: 'day', crop: c43(200, 0, 1200) }), TILE, 68],
  'cocktails-1': [s.cocktails({ set: 'classic', crop: c43(260, 180, 1080) }), TILE, 68],
  'cocktails-2': [s.cocktails({ set: 'garden', tone: '#2f3d2c', crop: c43(260, 180, 1080) }), TILE, 68],
  'cocktails-3': [s.cocktails({ set: 'night', tone: '#1f2438', crop: c43(260, 180, 1080) }), TILE, 68],
  'cocktails-4': [s.cocktails({ set: 'summer', tone: '#3d2226', crop: c43(260, 180, 1080) }), TILE, 68],
  'garden-1': [s.garden({ time: 'dusk', crop: c43(0, 0, 1200) }), TILE, 68],
  'garden-2': [s.garden({ time: 'day', crop: c43(400, 0, 1200) }), TILE, 68],
  'garden-3': [s.garden({ time: 'dusk', crop: c43(220, 300, 800) }), TILE, 68],
  'garden-4': [s.exterior({ time: 'day', crop: c43(800, 260, 800) }), TILE, 68],
  'menu-default': [s.food({ crop: c43(0, 0, 1200) }), TILE, 64],
  'venue-exterior': [s.exterior({ time: 'day' }), PICTURE, 64],
  'venue-garden': [s.garden({ time: 'day' }), PICTURE, 64],
  'venue-interior': [s.lounge({ daylight: true }), PICTURE, 64],
  'venue-bar': [s.bar(), PICTURE, 64],
  'venue-dining': [s.dining(), PICTURE, 64],
  'venue-lounge': [s.lounge(), PICTURE, 64],
  'venue-event-space': [s.eventSpace(), PICTURE, 64],
  'christmas-menu': [s.menuPage(CHRISTMAS_MENU), [480, 1000], 78],
}

fs.mkdirSync(path.join(outDir, 'menu'), { recursive: true })

async function render(svg, width, file, quality) {
  await sharp(Buffer.from(svg), { density: 72 * Math.max(1, width / 1600) })
    .resize({ width })
    .webp({ quality, effort: 6, smartSubsample: true })
    .toFile(file)
  return fs.statSync(file).size
}

const only = process.argv.slice(2)
for (const [name, [svg, widths, quality]] of Object.entries(ARTWORK)) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  fs.writeFileSync(path.join(svgDir, `${name}.svg`), svg)
  const sizes = []
  for (const width of widths) {
    const bytes = await render(svg, width, path.join(outDir, `${name}-${width}.webp`), quality)
    sizes.push(`${width}:${(bytes / 1024).toFixed(1)}KB`)
  }
  console.log(name.padEnd(20), sizes.join('  '))
}

for (const [name, page] of Object.entries(MENU_PAGES)) {
  if (only.length && !only.some((o) => name.startsWith(o) || o === 'menu')) continue
  const svg = s.menuPage(page)
  fs.writeFileSync(path.join(svgDir, `menu-${name}.svg`), svg)
  const bytes = await render(svg, 1000, path.join(outDir, 'menu', `${name}.webp`), 80)
  console.log(`menu/${name}`.padEnd(20), `1000:${(bytes / 1024).toFixed(1)}KB`)
}
