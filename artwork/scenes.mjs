// The illustrated scenes of The Wheatsheaf. Each scene draws on a 1600 x 900
// world; `crop` frames a part of it so tiles and galleries reuse the art.
import * as k from './parts.mjs'

const { P } = k
const W = 1600
const H = 900

function frame(body, crop = [0, 0, W, H], extraDefs = '') {
  const [x, y, w, h] = crop
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}" width="${w}" height="${h}">
${k.defs(extraDefs)}
${body}
</svg>
`
}

const SKIES = {
  dusk: [
    [0, '#3f4a6b'],
    [0.45, '#c77d62'],
    [0.75, '#f2b36f'],
    [1, '#f7d79a'],
  ],
  day: [
    [0, '#9cc3d6'],
    [0.6, '#d9e8e4'],
    [1, '#f6ecd2'],
  ],
  night: [
    [0, '#0f1a33'],
    [0.6, '#26365c'],
    [1, '#4b5a80'],
  ],
}

/** The whitewashed, thatched inn from the village green. */
export function exterior({ time = 'dusk', crop } = {}) {
  const dusk = time === 'dusk'
  const body = `
  ${k.sky('sky', W, H, SKIES[time])}
  ${dusk ? `<circle cx="1250" cy="520" r="260" fill="url(#glow)" opacity=".9"/><circle cx="1250" cy="540" r="70" fill="#ffe3a1" opacity=".9"/>` : `<ellipse cx="300" cy="160" rx="180" ry="40" fill="#fff" opacity=".6"/><ellipse cx="380" cy="140" rx="120" ry="44" fill="#fff" opacity=".7"/><ellipse cx="1200" cy="220" rx="200" ry="36" fill="#fff" opacity=".5"/>`}
  ${k.hill(W, H, 560, 60, dusk ? '#8a7a7a' : '#a9bb98', 3, 0.8)}
  ${k.hill(W, H, 620, 50, dusk ? '#6d6a55' : '#8aa170', 9)}
  ${k.tree(1180, 700, 1.5, dusk ? '#55693f' : P.leaf, dusk ? '#34452b' : P.leafDark)}
  ${k.tree(1380, 720, 1.9, dusk ? '#4d6139' : P.leaf, dusk ? '#2e3d26' : P.leafDark)}
  ${k.yew(110, 720, 1.6, dusk ? '#2e3d26' : P.leafDark)}
  ${k.tree(60, 760, 1.2, dusk ? '#55693f' : P.leaf, dusk ? '#34452b' : P.leafDark)}
  <rect x="0" y="740" width="${W}" height="160" fill="${dusk ? '#5d7345' : '#7f9a5c'}"/>
  <path d="M560 760 Q600 830 520 900 H820 Q700 830 720 760Z" fill="${dusk ? '#b9a07a' : '#d8c49a'}"/>
  ${k.inn(330, 770, 1.05, { lit: true })}
  ${k.pubSign(240, 790, 0.95)}
  ${k.festoon(1150, 560, 1500, 600, 30, 9, 4)}
  ${k.picnicTable(1300, 860, 0.9, dusk ? null : '#f3e3cf')}
  ${k.border(W, 880, 21)}
  ${dusk ? `<rect width="${W}" height="${H}" fill="#f2a45a" opacity=".08"/>` : ''}`
  return frame(body, crop)
}

/** The inn at night in snow, with a tree and a wreath on the door. */
export function christmas({ crop } = {}) {
  const body = `
  ${k.sky('sky', W, H, SKIES.night)}
  ${k.stars(W, 420, 120, 4)}
  <circle cx="1340" cy="150" r="54" fill="#fdf6dc"/><circle cx="1340" cy="150" r="140" fill="#fdf6dc" opacity=".12"/>
  ${k.hill(W, H, 600, 50, '#c9d3e6', 12)}
  ${k.yew(1200, 730, 1.7, '#1d2f2a')}${k.yew(1300, 750, 2, '#1a2a25')}${k.yew(80, 740, 1.8, '#1d2f2a')}
  <rect x="0" y="740" width="${W}" height="160" fill="#e9eef7"/>
  <path d="M560 760 Q600 830 520 900 H820 Q700 830 720 760Z" fill="#d5dcea"/>
  ${k.inn(330, 770, 1.05, { lit: true, snow: true, wreath: true })}
  ${k.xmasTree(1320, 870, 1.5, 11)}
  ${k.festoon(1000, 540, 1250, 520, 20, 7, 4)}
  ${k.snowfall(W, H, 220, 7)}
  <ellipse cx="200" cy="880" rx="300" ry="40" fill="#fff" opacity=".6"/>`
  return frame(body, crop)
}

/** The beer garden under festoon lights. */
export function garden({ time = 'dusk', crop } = {}) {
  const dusk = time === 'dusk'
  const grass = dusk ? '#5d7345' : '#84a05d'
  const body = `
  ${k.sky('sky', W, H, SKIES[time])}
  ${dusk ? `<circle cx="300" cy="560" r="260" fill="url(#glow)" opacity=".8"/>` : `<ellipse cx="1200" cy="160" rx="180" ry="40" fill="#fff" opacity=".6"/>`}
  ${k.hill(W, H, 540, 50, dusk ? '#8a7a7a' : '#a9bb98', 5, 0.8)}
  ${k.tree(120, 640, 2.2, dusk ? '#4d6139' : P.leaf, dusk ? '#2e3d26' : P.leafDark)}
  ${k.tree(1480, 640, 2.4, dusk ? '#4d6139' : P.leaf, dusk ? '#2e3d26' : P.leafDark)}
  ${k.tree(800, 560, 1.2, dusk ? '#55693f' : P.leaf, dusk ? '#34452b' : P.leafDark)}
  <rect x="0" y="560" width="${W}" height="100" fill="${dusk ? '#3b4f30' : '#4f6e3e'}"/>
  <path d="M0 560 Q200 530 400 560 T800 560 T1200 560 T1600 560 V600 H0Z" fill="${dusk ? '#3b4f30' : '#4f6e3e'}"/>
  <rect x="0" y="640" width="${W}" height="260" fill="${grass}"/>
  <path d="M0 700 Q800 660 1600 720" stroke="#fff" stroke-opacity=".06" stroke-width="40" fill="none"/>
  <path d="M250 300 V700 M1350 300 V700 M800 330 V660" stroke="${P.woodDark}" stroke-width="10"/>
  ${k.festoon(250, 310, 800, 340, 40, 10, 5)}
  ${k.festoon(800, 340, 1350, 310, 40, 10, 5)}
  ${k.festoon(120, 420, 800, 440, 30, 11, 4)}
  ${k.festoon(800, 440, 1500, 420, 30, 11, 4)}
  ${k.picnicTable(420, 760, 1.1, dusk ? '#e9d6b5' : '#f3e3cf')}
  ${k.picnicTable(1120, 770, 1.15, dusk ? '#2f4a34' : '#2f4a34')}
  ${k.picnicTable(780, 700, 0.8, null)}
  ${k.pint(470, 712, 0.28)}${k.pint(520, 712, 0.28, '#d7a43a')}${k.candle(1110, 724, 0.5)}
  ${k.border(W, 880, 33)}
  ${dusk ? `<rect width="${W}" height="${H}" fill="#f2a45a" opacity=".07"/>` : ''}`
  return frame(body, crop)
}

/** The bar: back-bar shelves, hand pumps and brass. */
export function bar({ crop } = {}) {
  const body = `
  <rect width="${W}" height="${H}" fill="#3b2a1e"/>
  <rect x="0" y="0" width="${W}" height="560" fill="#5a3d27"/>
  ${[...Array(9)].map((_, i) => `<rect x="${i * 180 + 10}" y="90" width="160" height="440" fill="#4a311f"/>`).join('')}
  <rect x="200" y="150" width="1200" height="380" fill="#2e2017"/>
  <circle cx="800" cy="330" r="420" fill="url(#glow)" opacity=".35"/>
  ${k.bottleShelves(220, 270, 1160, 3, 17)}
  ${k.beams(W, 0, 6)}
  ${k.pendants([400, 800, 1200], 46, 140)}
  <rect x="0" y="600" width="${W}" height="40" fill="${P.woodLight}"/>
  <rect x="0" y="640" width="${W}" height="260" fill="url(#woodPanel)"/>
  ${[...Array(9)].map((_, i) => `<rect x="${i * 180 + 30}" y="670" width="130" height="200" rx="6" fill="#000" opacity=".15"/>`).join('')}
  <rect x="0" y="860" width="${W}" height="14" fill="url(#brassGrad)"/>
  ${k.beerPump(540, 600, 1.7, P.green)}${k.beerPump(660, 600, 1.7, P.berry)}${k.beerPump(780, 600, 1.7, '#1f3b5a')}${k.beerPump(900, 600, 1.7, '#c9993f')}
  ${k.pint(1040, 600, 0.8)}${k.pint(1140, 600, 0.8, '#d7a43a')}${k.pint(330, 600, 0.8, '#2a1a12')}
  <rect x="0" y="590" width="${W}" height="14" fill="url(#brassGrad)" opacity=".8"/>`
  return frame(body, crop)
}

/** The candlelit dining room with a view of the garden at dusk. */
export function dining({ crop } = {}) {
  const body = `
  <rect width="${W}" height="${H}" fill="#efe3c9"/>
  <rect x="0" y="520" width="${W}" height="380" fill="#7a4e2c"/>
  <rect x="0" y="520" width="${W}" height="14" fill="${P.woodDark}"/>
  ${[...Array(12)].map((_, i) => `<rect x="${i * 140 + 20}" y="560" width="110" height="200" rx="4" fill="#000" opacity=".1"/>`).join('')}
  <rect x="540" y="130" width="520" height="340" fill="#7a5a6e"/>
  <linearGradient id="view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4f73"/><stop offset=".6" stop-color="#d98a66"/><stop offset="1" stop-color="#f5c783"/></linearGradient>
  <rect x="540" y="130" width="520" height="340" fill="url(#view)"/>
  <path d="M540 400 Q700 360 820 400 T1060 390 V470 H540Z" fill="#3b4f30"/>
  ${k.festoon(560, 300, 1040, 300, 20, 8, 3)}
  <path d="M540 130 H1060 V470 H540Z M800 130 V470 M540 300 H1060" fill="none" stroke="${P.woodDark}" stroke-width="14"/>
  <path d="M500 120 Q560 300 520 480 L470 480 L470 110Z M1100 120 Q1040 300 1080 480 L1130 480 L1130 110Z" fill="#7a2e22"/>
  ${k.beams(W, 0, 5)}
  ${k.pendants([300, 1300], 46, 110)}
  <rect x="160" y="220" width="170" height="210" fill="${P.woodDark}"/><rect x="175" y="235" width="140" height="180" fill="#8aa170"/><path d="M175 380 Q240 300 315 360 V415 H175Z" fill="#5f7f4a"/>
  <rect x="1270" y="220" width="170" height="210" fill="${P.woodDark}"/><rect x="1285" y="235" width="140" height="180" fill="#c98b5a"/><circle cx="1355" cy="320" r="40" fill="#f3d690"/>
  ${k.chair(180, 820, 1.1)}${k.clothTable(340, 730, 1.3)}${k.chair(520, 820, 1.1, true)}
  ${k.candle(340, 720, 1)}${k.candle(300, 720, 0.7)}
  ${k.chair(1060, 820, 1.1)}${k.clothTable(1240, 730, 1.3)}${k.chair(1420, 820, 1.1, true)}
  ${k.candle(1240, 720, 1)}
  ${k.clothTable(800, 840, 1.6)}${k.candle(760, 830, 1.1)}${k.candle(850, 830, 0.8)}
  <rect width="${W}" height="${H}" fill="#f2a45a" opacity=".06"/>`
  return frame(body, crop)
}

/** The lounge: inglenook fire, leather armchairs, beams. */
export function lounge({ crop, daylight = false } = {}) {
  const body = `
  <rect width="${W}" height="${H}" fill="${daylight ? '#efe3c9' : '#d9c7a2'}"/>
  <rect x="0" y="560" width="${W}" height="340" fill="#6b4426"/>
  ${[...Array(16)].map((_, i) => `<path d="M${i * 100} 560 V900" stroke="#4a301b" stroke-width="3" opacity=".5"/>`).join('')}
  ${k.beams(W, 0, 5)}
  ${k.fireplace(800, 640, 1.25)}
  <rect x="120" y="160" width="240" height="360" fill="${P.woodDark}"/>
  ${k.bottleShelves(130, 260, 220, 3, 9).replace(/#3d6b3a|#8a3b2a|#5a3f6b|#2f5f78/g, '#7a2e22')}
  <rect x="1250" y="170" width="220" height="280" fill="${P.woodDark}"/><rect x="1268" y="188" width="184" height="244" fill="${daylight ? '#b8d3de' : '#3e4a6b'}"/><path d="M1268 380 Q1360 330 1452 370 V432 H1268Z" fill="#5f7f4a"/><path d="M1360 188 V432 M1268 310 H1452" stroke="${P.woodDark}" stroke-width="10"/>
  <ellipse cx="800" cy="800" rx="560" ry="70" fill="#7a2e22" opacity=".85"/><ellipse cx="800" cy="800" rx="500" ry="52" fill="none" stroke="${P.brass}" stroke-width="6" opacity=".7"/>
  ${k.armchair(420, 820, 1.2)}${k.armchair(1180, 820, 1.2, '#2f4a34')}
  <rect x="690" y="770" width="220" height="20" rx="6" fill="${P.woodDark}"/><path d="M710 790 V840 M890 790 V840" stroke="${P.woodDark}" stroke-width="10"/>
  ${k.pint(750, 770, 0.35)}${k.candle(850, 770, 0.6)}
  <path d="M0 620 Q200 640 260 900 H0Z" fill="#000" opacity=".12"/>`
  return frame(body, crop)
}

/** The barn event space with a little stage, long tables and festoons. */
export function eventSpace({ crop } = {}) {
  const body = `
  <rect width="${W}" height="${H}" fill="#3a2a20"/>
  <path d="M0 520 L800 60 L1600 520 V900 H0Z" fill="#8a6240"/>
  ${[...Array(14)].map((_, i) => `<path d="M${i * 120 - 40} ${520 - Math.max(0, 460 - Math.abs(i * 120 - 800) * 0.575)} V900" stroke="#6b4a2e" stroke-width="6" opacity=".6"/>`).join('')}
  <path d="M0 520 L800 60 L1600 520" fill="none" stroke="${P.woodDark}" stroke-width="40"/>
  <path d="M200 420 L800 120 L1400 420 M200 420 H1400 M500 270 V420 M1100 270 V420 M800 120 V420" fill="none" stroke="${P.woodDark}" stroke-width="22"/>
  ${k.festoon(120, 470, 800, 170, 90, 12, 5)}${k.festoon(800, 170, 1480, 470, 90, 12, 5)}${k.festoon(220, 420, 1380, 420, 60, 18, 4)}
  <rect x="560" y="580" width="480" height="70" fill="${P.woodDark}"/><rect x="560" y="560" width="480" height="24" fill="${P.woodLight}"/>
  <circle cx="800" cy="470" r="220" fill="url(#glow)" opacity=".55"/>
  <path d="M760 560 V420 M740 560 H780" stroke="#222" stroke-width="6"/><circle cx="760" cy="412" r="10" fill="#444"/>
  <g transform="translate(860 540) rotate(-18)"><ellipse cx="0" cy="0" rx="42" ry="34" fill="#b8661f"/><ellipse cx="0" cy="-44" rx="32" ry="28" fill="#b8661f"/><circle cx="0" cy="-14" r="10" fill="#2a1a12"/><rect x="-5" y="-170" width="10" height="120" fill="#2a1a12"/></g>
  <rect x="0" y="650" width="${W}" height="250" fill="#5b3d26"/>
  <rect x="80" y="720" width="560" height="24" rx="6" fill="${P.woodLight}"/><path d="M110 744 V820 M610 744 V820" stroke="${P.woodDark}" stroke-width="12"/>
  <rect x="960" y="720" width="560" height="24" rx="6" fill="${P.woodLight}"/><path d="M990 744 V820 M1490 744 V820" stroke="${P.woodDark}" stroke-width="12"/>
  ${k.candle(200, 720, 0.6)}${k.candle(360, 720, 0.6)}${k.candle(520, 720, 0.6)}${k.candle(1080, 720, 0.6)}${k.candle(1240, 720, 0.6)}${k.candle(1400, 720, 0.6)}
  ${k.pint(280, 720, 0.3)}${k.pint(440, 720, 0.3, '#d7a43a')}${k.pint(1160, 720, 0.3)}${k.pint(1320, 720, 0.3, '#d7a43a')}
  ${k.border(W, 890, 44, 40).replace(/#d9826a|#b2426a/g, '#e8b04a')}`
  return frame(body, crop)
}

const DRINK_SETS = {
  classic: [
    ['coupe', '#e36c4f', 'orange'],
    ['highball', '#f1b24a', 'lemon'],
    ['martini', '#f4efd6', 'lime'],
  ],
  garden: [
    ['spritz', '#f08a3c', 'orange'],
    ['highball', '#a8d47a', 'mint'],
    ['coupe', '#f3c6cf', 'cherry'],
  ],
  night: [
    ['rocks', '#b8661f', 'orange'],
    ['martini', '#9fd0d8', 'lemon'],
    ['coupe', '#c23a4b', 'cherry'],
  ],
  summer: [
    ['highball', '#e8576b', 'lime'],
    ['spritz', '#f4b548', 'orange'],
    ['rocks', '#7a2e22', 'cherry'],
  ],
}

/** Cocktails on the bar top against a glowing back bar. */
export function cocktails({ set = 'classic', tone = '#22363a', crop } = {}) {
  const drinks = DRINK_SETS[set]
  const body = `
  <rect width="${W}" height="${H}" fill="${tone}"/>
  <circle cx="800" cy="380" r="560" fill="url(#glow)" opacity=".28"/>
  <g opacity=".45">${k.bottleShelves(80, 220, 1440, 3, set.length * 7)}</g>
  <rect x="0" y="0" width="${W}" height="900" fill="${tone}" opacity=".35"/>
  ${k.pendants([360, 1240], -20, 120)}
  <rect x="0" y="650" width="${W}" height="250" fill="${P.woodDark}"/>
  <rect x="0" y="630" width="${W}" height="30" fill="${P.woodLight}"/>
  <rect x="0" y="660" width="${W}" height="12" fill="url(#brassGrad)"/>
  ${drinks.map(([kind, drink, garnish], i) => k.cocktail(500 + i * 300, 640, 1.45 - (i === 1 ? 0 : 0.15), kind, drink, garnish)).join('')}
  <circle cx="300" cy="615" r="30" fill="#f2d35b"/><path d="M300 585 V645 M270 615 H330" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
  <path d="M1300 640 L1330 520 L1360 640Z" fill="url(#brassGrad)"/><rect x="1318" y="500" width="24" height="24" rx="4" fill="url(#brassGrad)"/>`
  return frame(body, crop)
}

/** A plank table from above with pub classics and a pint. */
export function food({ crop } = {}) {
  const body = `
  <rect width="${W}" height="${H}" fill="#8a5a34"/>
  ${[...Array(8)].map((_, i) => `<rect x="0" y="${i * 115}" width="${W}" height="110" fill="${i % 2 ? '#94643c' : '#85552f'}"/><path d="M${(i * 233) % 1400} ${i * 115 + 50} q40 -10 80 0" stroke="#5a3a20" stroke-width="3" fill="none" opacity=".5"/>`).join('')}
  <rect x="120" y="140" width="520" height="620" rx="10" fill="#f3ead8" transform="rotate(-4 380 450)"/>
  <g transform="rotate(-4 380 450)">
    <circle cx="380" cy="450" r="230" fill="#fbf7ef" stroke="#e6dccb" stroke-width="8"/>
    <path d="M250 380 q100 -70 230 -20 q40 30 -10 80 q-120 60 -220 20 q-40 -30 0 -80Z" fill="#d89a46"/><path d="M270 400 q90 -50 200 -10" stroke="#b8762f" stroke-width="8" fill="none"/>
    ${[...Array(9)].map((_, i) => `<rect x="${300 + i * 22}" y="${480 + (i % 3) * 14}" width="16" height="90" rx="6" fill="#f0c15e" transform="rotate(${-20 + i * 6} ${308 + i * 22} ${520})"/>`).join('')}
    <circle cx="500" cy="520" r="40" fill="#7fae4a"/><circle cx="490" cy="510" r="12" fill="#9cc95f"/><circle cx="515" cy="530" r="10" fill="#9cc95f"/>
    <path d="M470 340 l40 -30 l10 20 Z" fill="#f2d35b"/>
  </g>
  <circle cx="1120" cy="470" r="250" fill="#fbf7ef" stroke="#e6dccb" stroke-width="8"/>
  <ellipse cx="1080" cy="430" rx="120" ry="80" fill="#b86a4a"/><ellipse cx="1080" cy="430" rx="95" ry="58" fill="#d99b7c"/>
  <path d="M1160 360 q60 20 80 90 q-60 30 -110 -20Z" fill="#e3b15a"/><circle cx="1200" cy="560" r="36" fill="#e3b15a"/><circle cx="1140" cy="600" r="32" fill="#e3b15a"/>
  <path d="M960 560 q40 -20 80 10 q-10 40 -70 30Z" fill="#f07c3a"/><circle cx="1060" cy="600" r="22" fill="#5f7f4a"/><circle cx="1020" cy="620" r="18" fill="#7fae4a"/>
  <path d="M1000 500 q80 40 200 0" stroke="#7a3a1e" stroke-width="16" fill="none" stroke-linecap="round" opacity=".8"/>
  <g transform="translate(760 180)"><circle cx="0" cy="0" r="80" fill="#b8661f"/><circle cx="0" cy="0" r="66" fill="#fbf1dc"/><circle cx="-12" cy="-12" r="30" fill="#fff" opacity=".5"/></g>
  <path d="M760 640 V860 M740 640 v60 q20 10 40 0 v-60" stroke="#c9c3b5" stroke-width="10" fill="none" stroke-linecap="round"/>
  <path d="M1440 300 V760" stroke="#c9c3b5" stroke-width="14" stroke-linecap="round"/><path d="M1440 300 q24 60 0 160" stroke="#c9c3b5" stroke-width="18" fill="none"/>
  <rect x="700" y="700" width="140" height="160" rx="8" fill="#f6eedd" opacity=".0"/>
  <g transform="translate(820 660) rotate(20)"><rect x="-70" y="-50" width="140" height="100" rx="8" fill="#2f4a34"/><text x="0" y="8" font-family="DejaVu Serif, serif" font-size="22" fill="#f0cf7e" text-anchor="middle">Wheatsheaf</text></g>`
  return frame(body, crop)
}

const PAPER_DEFS = `<linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbf5e6"/><stop offset="1" stop-color="#f1e6cc"/></linearGradient>`

/** A printed menu page: title, sections of dishes with prices. */
export function menuPage({ title, subtitle, sections, footer, festive = false }) {
  const w = 1000
  const h = 1414
  let y = 330
  let items = ''
  for (const section of sections) {
    items += `<text x="500" y="${y}" font-family="DejaVu Serif, serif" font-size="34" font-weight="bold" fill="${festive ? P.berry : P.green}" text-anchor="middle" letter-spacing="4">${section.name.toUpperCase()}</text>`
    items += `<path d="M380 ${y + 18} H620" stroke="${P.brass}" stroke-width="2"/>`
    y += 70
    for (const [dish, desc, price] of section.dishes) {
      items += `<text x="110" y="${y}" font-family="DejaVu Serif, serif" font-size="27" font-weight="bold" fill="${P.ink}">${dish}</text>`
      if (price) items += `<text x="890" y="${y}" font-family="DejaVu Serif, serif" font-size="27" fill="${P.ink}" text-anchor="end">${price}</text>`
      if (desc) items += `<text x="110" y="${y + 32}" font-family="DejaVu Serif, serif" font-size="21" font-style="italic" fill="#5e5245">${desc}</text>`
      y += desc ? (festive ? 72 : 80) : 50
    }
    y += festive ? 20 : 30
  }
  const decoration = festive
    ? `${k.xmasTree(500, 196, 0.3, 3)}<path d="M60 60 H940 V1354 H60Z" fill="none" stroke="${P.berry}" stroke-width="4"/>${[...Array(14)].map((_, i) => `<circle cx="${80 + i * 64}" cy="80" r="8" fill="${i % 2 ? P.berry : '#2c5a36'}"/><circle cx="${80 + i * 64}" cy="1334" r="8" fill="${i % 2 ? P.berry : '#2c5a36'}"/>`).join('')}`
    : `${k.wheatsheaf(500, 150, 0.9, P.brass)}<path d="M60 60 H940 V1354 H60Z M74 74 H926 V1340 H74Z" fill="none" stroke="${P.green}" stroke-width="3"/>`
  const body = `<rect width="${w}" height="${h}" fill="url(#paper)"/>
  ${decoration}
  <text x="500" y="${festive ? 262 : 240}" font-family="DejaVu Serif, serif" font-size="56" font-weight="bold" fill="${P.ink}" text-anchor="middle">${title}</text>
  ${subtitle ? `<text x="500" y="${festive ? 302 : 282}" font-family="DejaVu Serif, serif" font-size="24" font-style="italic" fill="#5e5245" text-anchor="middle">${subtitle}</text>` : ''}
  <g transform="translate(0 ${festive ? 36 : 0})">${items}</g>
  ${footer ? `<text x="500" y="1300" font-family="DejaVu Serif, serif" font-size="19" fill="#5e5245" text-anchor="middle">${footer}</text>` : ''}`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
${k.defs(PAPER_DEFS)}
${body}
</svg>
`
}
