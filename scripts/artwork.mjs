// Renders the original illustrations of artwork/ into optimised WebP files.
//   node scripts/artwork.mjs          writes artwork/*.svg and public/images/**
//   node scripts/artwork.mjs icons    only public/favicon.ico and public/apple-touch-icon.png, from artwork/mark.svg
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

// The names and widths, shared with app/lib/artwork.ts (which builds each <img> from them).
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'artwork/manifest.json'), 'utf8'))
const widthsOf = (name) => {
  const widths = manifest.artwork[name]
  return typeof widths === 'string' ? manifest.sets[widths] : widths
}

const c43 = (x = 200, y = 0, w = 1200) => [x, y, w, (w * 3) / 4]

/** name → [svg source, WebP quality]; every name of the manifest has one. */
const ARTWORK = {
  'hero-home': [s.exterior({ time: 'dusk' }), 62],
  'hero-christmas': [s.christmas(), 60],
  'hero-private-hire': [s.garden({ time: 'dusk' }), 62],
  'hero-menu': [s.food(), 62],
  'hero-cocktails': [s.cocktails({ set: 'classic' }), 62],
  'hero-contact': [s.exterior({ time: 'day', crop: [120, 180, 1280, 720] }), 62],
  'hero-booking': [s.dining(), 62],
  'tile-menu': [s.food({ crop: c43(250, 20, 1160) }), 68],
  'tile-cocktails': [s.cocktails({ set: 'garden', tone: '#2f2a3d', crop: c43(220, 30, 1160) }), 68],
  'tile-events': [s.eventSpace({ crop: c43(200, 0, 1200) }), 68],
  'tile-private-hire': [s.garden({ time: 'day', crop: c43(200, 0, 1200) }), 68],
  'cocktails-1': [s.cocktails({ set: 'classic', crop: c43(260, 90, 1080) }), 68],
  'cocktails-2': [s.cocktails({ set: 'garden', tone: '#2f3d2c', crop: c43(260, 90, 1080) }), 68],
  'cocktails-3': [s.cocktails({ set: 'night', tone: '#1f2438', crop: c43(260, 90, 1080) }), 68],
  'cocktails-4': [s.cocktails({ set: 'summer', tone: '#3d2226', crop: c43(260, 90, 1080) }), 68],
  'garden-1': [s.garden({ time: 'dusk', crop: c43(0, 0, 1200) }), 68],
  'garden-2': [s.garden({ time: 'day', crop: c43(400, 0, 1200) }), 68],
  'garden-3': [s.garden({ time: 'dusk', crop: c43(220, 300, 800) }), 68],
  'garden-4': [s.exterior({ time: 'day', crop: c43(800, 260, 800) }), 68],
  'menu-default': [s.food({ crop: c43(0, 0, 1200) }), 64],
  'venue-exterior': [s.exterior({ time: 'day' }), 64],
  'venue-garden': [s.garden({ time: 'day' }), 64],
  'venue-interior': [s.lounge({ daylight: true }), 64],
  'venue-bar': [s.bar(), 64],
  'venue-dining': [s.dining(), 64],
  'venue-lounge': [s.lounge(), 64],
  'venue-event-space': [s.eventSpace(), 64],
  'christmas-menu': [s.menuPage(CHRISTMAS_MENU), 78],
}

const unmatched = [...Object.keys(manifest.artwork).filter((name) => !ARTWORK[name]), ...Object.keys(ARTWORK).filter((name) => !manifest.artwork[name])]
if (unmatched.length) throw new Error(`artwork/manifest.json and scripts/artwork.mjs disagree on: ${unmatched.join(', ')}`)

fs.mkdirSync(path.join(outDir, 'menu'), { recursive: true })

async function render(svg, width, file, quality) {
  await sharp(Buffer.from(svg), { density: 72 * Math.max(1, width / 1600) })
    .resize({ width })
    .webp({ quality, effort: 6, smartSubsample: true })
    .toFile(file)
  return fs.statSync(file).size
}

const only = process.argv.slice(2)
for (const [name, [svg, quality]] of Object.entries(ARTWORK)) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  const widths = widthsOf(name)
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

/** A one-page PDF wine list (the demo 'wine' section shows a PDF in the menu viewer). */
function wineListPdf() {
  const wines = [
    ['WHITE', ''],
    ['Picpoul de Pinet, Languedoc', '£7.50 / £28'],
    ['Sauvignon Blanc, Marlborough', '£8.50 / £32'],
    ['Chablis, Burgundy', '£42'],
    ['RED', ''],
    ['Malbec, Mendoza', '£8.00 / £30'],
    ['Rioja Crianza, Spain', '£8.50 / £32'],
    ['Pinot Noir, Central Otago', '£46'],
    ['ROSE & SPARKLING', ''],
    ['Provence Rose, Cotes de Provence', '£8.50 / £33'],
    ['Prosecco DOC, Veneto', '£8.00 / £32'],
    ['Nyetimber Classic Cuvee, Sussex', '£68'],
  ]
  const esc = (t) => t.replace(/[\\()]/g, (c) => `\\${c}`).replace(/£/g, '\\243')
  let y = 700
  let text = `BT /F2 34 Tf 180 760 Td (Wine List) Tj ET\nBT /F1 13 Tf 150 732 Td (Glasses are 175ml; bottles 75cl. Ask about our wines of the month.) Tj ET\n`
  for (const [name, price] of wines) {
    if (!price) {
      y -= 14
      text += `BT /F2 16 Tf 72 ${y} Td (${esc(name)}) Tj ET\n`
    } else {
      text += `BT /F1 14 Tf 72 ${y} Td (${esc(name)}) Tj ET\nBT /F1 14 Tf 430 ${y} Td (${esc(price)}) Tj ET\n`
    }
    y -= 30
  }
  text += `BT /F1 11 Tf 72 60 Td (The Wheatsheaf Inn. Wines subject to availability. We operate Challenge 25.) Tj ET\n`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
fs.writeFileSync(path.join(outDir, 'menu', 'wine-list.pdf'), wineListPdf())
console.log('menu/wine-list.pdf')

/**
 * The icons browsers and home screens ask for by name, from the mark the pages declare inline (app/root.tsx):
 * /favicon.ico holds it at 16, 32 and 48 px (PNG images, as every browser since IE 11 reads them), and
 * /apple-touch-icon.png at 180 px, square, with the mark inset on its own green: iOS rounds the corners itself.
 */
async function icons() {
  const mark = fs.readFileSync(path.join(svgDir, 'mark.svg'))
  const png = (size) => sharp(mark, { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer()
  const images = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })))
  // ICONDIR (6 bytes), an ICONDIRENTRY of 16 bytes for each image, then the images.
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size, entry)
    header.writeUInt8(size, entry + 1)
    header.writeUInt16LE(1, entry + 4) // colour planes
    header.writeUInt16LE(32, entry + 6) // bits a pixel
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  fs.writeFileSync(path.join(root, 'public/favicon.ico'), Buffer.concat([header, ...images.map(({ data }) => data)]))
  const green = /<rect[^>]*fill="(#[0-9a-f]{6})"/.exec(mark.toString())?.[1]
  if (!green) throw new Error('artwork/mark.svg: no background colour found on its first <rect>')
  const touch = await sharp({ create: { width: 180, height: 180, channels: 3, background: green } })
    .composite([{ input: await png(148), left: 16, top: 16 }])
    .png({ compressionLevel: 9 })
    .toBuffer()
  fs.writeFileSync(path.join(root, 'public/apple-touch-icon.png'), touch)
  console.log('favicon.ico'.padEnd(20), `16, 32, 48:${(offset / 1024).toFixed(1)}KB`)
  console.log('apple-touch-icon.png'.padEnd(20), `180:${(touch.length / 1024).toFixed(1)}KB`)
}
if (!only.length || only.includes('icons')) await icons()
