// Reusable pieces of the painterly-flat pub illustrations. Each helper returns
// an SVG fragment string; scenes.mjs composes them into whole pictures.

/** A tiny deterministic random generator so re-rendering gives identical art. */
export function rng(seed) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 4294967296
  }
}

export const P = {
  cream: '#f6eedd',
  whitewash: '#f1e6cf',
  wallShade: '#d8c6a3',
  thatch: '#c1914f',
  thatchDark: '#8d6131',
  tile: '#8e3d2b',
  tileDark: '#6a2a1e',
  brick: '#9a4a33',
  green: '#2f4a34',
  greenDeep: '#1f3324',
  sage: '#8aa170',
  leaf: '#5f7f4a',
  leafDark: '#3f5b35',
  glow: '#ffd27a',
  glowHot: '#ffe7a8',
  wood: '#6b4426',
  woodDark: '#47301c',
  woodLight: '#9a6a3c',
  brass: '#c9993f',
  brassLight: '#f0cf7e',
  ink: '#2a2118',
  berry: '#a32a1f',
  rose: '#d9826a',
  plum: '#5b4a6b',
}

export function defs(extra = '') {
  return `<defs>
  <radialGradient id="glow" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${P.glowHot}" stop-opacity=".95"/><stop offset=".35" stop-color="${P.glow}" stop-opacity=".55"/><stop offset="1" stop-color="${P.glow}" stop-opacity="0"/></radialGradient>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${P.whitewash}"/><stop offset="1" stop-color="${P.wallShade}"/></linearGradient>
  <linearGradient id="thatch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d3a765"/><stop offset="1" stop-color="${P.thatchDark}"/></linearGradient>
  <linearGradient id="tiles" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a44a33"/><stop offset="1" stop-color="${P.tileDark}"/></linearGradient>
  <linearGradient id="windowGlow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${P.glowHot}"/><stop offset="1" stop-color="#f0a94a"/></linearGradient>
  <linearGradient id="woodPanel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a4e2c"/><stop offset="1" stop-color="#4a301b"/></linearGradient>
  <linearGradient id="brassGrad" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8f6a25"/><stop offset=".45" stop-color="${P.brassLight}"/><stop offset="1" stop-color="#8f6a25"/></linearGradient>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
  <filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
  ${extra}
</defs>`
}

export function svg(w, h, body, extraDefs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">
${defs(extraDefs)}
${body}
</svg>
`
}

/** A vertical gradient sky (or wall) filling the whole frame. */
export function sky(id, w, h, stops) {
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${s}</linearGradient><rect width="${w}" height="${h}" fill="url(#${id})"/>`
}

/** A rolling hill line from x=0 to x=w at base height y, filled to the bottom. */
export function hill(w, h, y, amp, color, seed, opacity = 1) {
  const r = rng(seed)
  const n = 6
  let d = `M0 ${h} L0 ${y + (r() - 0.5) * amp}`
  for (let i = 1; i <= n; i++) {
    const x = (w / n) * i
    const cx = x - w / n / 2
    d += ` Q${cx.toFixed(0)} ${(y - amp * r()).toFixed(0)} ${x.toFixed(0)} ${(y + (r() - 0.5) * amp).toFixed(0)}`
  }
  d += ` L${w} ${h} Z`
  return `<path d="${d}" fill="${color}" opacity="${opacity}"/>`
}

/** A rounded, layered tree (three blobs of foliage on a trunk). */
export function tree(x, y, s, tone = P.leaf, dark = P.leafDark) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <path d="M-8 0 L-5 -70 L5 -70 L8 0 Z" fill="${P.woodDark}"/>
  <ellipse cx="0" cy="-110" rx="62" ry="58" fill="${dark}"/>
  <ellipse cx="-26" cy="-92" rx="42" ry="36" fill="${tone}"/>
  <ellipse cx="22" cy="-128" rx="40" ry="36" fill="${tone}"/>
  <ellipse cx="14" cy="-96" rx="30" ry="24" fill="${dark}" opacity=".35"/>
  <ellipse cx="-14" cy="-136" rx="18" ry="14" fill="#a9bf86" opacity=".5"/>
</g>`
}

/** A conical cypress / yew. */
export function yew(x, y, s, tone = P.leafDark) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0 -150 C30 -100 34 -30 22 0 L-22 0 C-34 -30 -30 -100 0 -150Z" fill="${tone}"/><path d="M0 -150 C12 -100 14 -40 8 0 L-4 0 C2 -60 2 -110 0 -150Z" fill="#fff" opacity=".08"/></g>`
}

/** A small-paned window; lit windows glow warm. */
export function windowPane(x, y, w, h, lit = true, arch = false) {
  const top = arch ? `M${x} ${y + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${y + w / 2} L${x + w} ${y + h} L${x} ${y + h} Z` : ''
  const shape = arch ? `<path d="${top}" fill="${lit ? 'url(#windowGlow)' : '#5c6f77'}" stroke="${P.ink}" stroke-width="5"/>` : `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="${lit ? 'url(#windowGlow)' : '#5c6f77'}" stroke="${P.ink}" stroke-width="5"/>`
  const bars = `<path d="M${x + w / 2} ${y + (arch ? 4 : 0)} V${y + h} M${x} ${y + h / 2} H${x + w} M${x + w / 4} ${y + h / 2} V${y + h} M${x + (3 * w) / 4} ${y + h / 2} V${y + h}" stroke="${P.ink}" stroke-width="2.5" opacity=".75"/>`
  const halo = lit ? `<ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w * 1.2}" ry="${h}" fill="url(#glow)" opacity=".55"/>` : ''
  const sill = `<rect x="${x - 6}" y="${y + h}" width="${w + 12}" height="7" fill="${P.wallShade}" stroke="${P.ink}" stroke-width="2"/>`
  return halo + shape + bars + sill
}

/** A window box of flowers under a window. */
export function flowerBox(x, y, w, seed = 1) {
  const r = rng(seed)
  const colors = ['#d9826a', '#e8b04a', '#f3e3ef', '#b2426a', '#e07a3f']
  let f = `<rect x="${x}" y="${y}" width="${w}" height="14" fill="${P.woodDark}"/>`
  for (let i = 0; i < w / 9; i++) {
    const cx = x + 4 + i * 9 + r() * 4
    f += `<circle cx="${cx.toFixed(1)}" cy="${(y - 4 - r() * 10).toFixed(1)}" r="${(5 + r() * 3).toFixed(1)}" fill="${P.leaf}"/>`
  }
  for (let i = 0; i < w / 7; i++) {
    const cx = x + 3 + i * 7 + r() * 4
    f += `<circle cx="${cx.toFixed(1)}" cy="${(y - 6 - r() * 14).toFixed(1)}" r="${(2.5 + r() * 2).toFixed(1)}" fill="${colors[Math.floor(r() * colors.length)]}"/>`
  }
  return f
}

/** The pub's swinging sign on a post with a wheatsheaf painted on it. */
export function pubSign(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <rect x="-7" y="-300" width="14" height="300" fill="${P.woodDark}"/>
  <rect x="-7" y="-296" width="120" height="10" fill="${P.woodDark}"/>
  <path d="M-7 -260 L40 -292" stroke="${P.woodDark}" stroke-width="6"/>
  <path d="M30 -286 V-272 M98 -286 V-272" stroke="${P.ink}" stroke-width="3"/>
  <rect x="18" y="-272" width="94" height="112" rx="6" fill="${P.green}" stroke="${P.brass}" stroke-width="5"/>
  ${wheatsheaf(65, -205, 0.8)}
  <path d="M24 -176 H106" stroke="${P.brass}" stroke-width="2" opacity=".7"/>
</g>`
}

/** A golden wheatsheaf emblem centred at x,y. */
export function wheatsheaf(x, y, s = 1, color = P.brassLight) {
  let stalks = ''
  for (let i = -3; i <= 3; i++) {
    const a = i * 9
    stalks += `<g transform="rotate(${a})"><path d="M0 40 V-28" stroke="${color}" stroke-width="2.6"/><ellipse cx="0" cy="-36" rx="4.5" ry="10" fill="${color}"/><ellipse cx="-5" cy="-24" rx="3" ry="6" fill="${color}" transform="rotate(-25 -5 -24)"/><ellipse cx="5" cy="-24" rx="3" ry="6" fill="${color}" transform="rotate(25 5 -24)"/></g>`
  }
  return `<g transform="translate(${x} ${y}) scale(${s})">${stalks}<rect x="-13" y="4" width="26" height="7" rx="3" fill="${P.berry}"/></g>`
}

/**
 * The inn itself: whitewashed walls, thatched main roof with eyebrow dormers,
 * a tiled lower wing, brick chimneys, lit windows, a green door and lanterns.
 */
export function inn(x, y, s = 1, { lit = true, snow = false, wreath = false } = {}) {
  const snowCap = snow
    ? `<path d="M-40 -250 Q100 -420 262 -436 Q420 -420 560 -250 Q540 -270 500 -280 Q380 -400 262 -410 Q140 -400 20 -280 Q-10 -266 -40 -250Z" fill="#fbfcff"/>
       <path d="M530 -190 L640 -292 L790 -190 Q760 -206 740 -204 L640 -272 L560 -200Z" fill="#fbfcff"/>`
    : ''
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <ellipse cx="380" cy="6" rx="470" ry="22" fill="#000" opacity=".18"/>
  <!-- tiled wing -->
  <rect x="520" y="-200" width="250" height="200" fill="url(#wall)"/>
  <path d="M505 -190 L640 -300 L790 -190 Z" fill="url(#tiles)"/>
  <path d="M520 -200 L640 -296 M560 -200 L648 -292 M600 -200 L656 -286 M680 -200 L660 -288 M720 -200 L668 -282" stroke="${P.tileDark}" stroke-width="2" opacity=".5"/>
  ${windowPane(560, -150, 70, 80, lit)}
  ${windowPane(670, -150, 70, 80, lit)}
  ${flowerBox(556, -56, 78, 7)}
  ${flowerBox(666, -56, 78, 8)}
  <!-- main house -->
  <rect x="0" y="-270" width="530" height="270" fill="url(#wall)"/>
  <path d="M0 -270 V0 M530 -270 V0" stroke="${P.wallShade}" stroke-width="6"/>
  <rect x="420" y="-470" width="46" height="120" fill="${P.brick}"/>
  <rect x="414" y="-478" width="58" height="14" fill="#7b3826"/>
  <rect x="60" y="-450" width="40" height="90" fill="${P.brick}"/>
  <rect x="54" y="-458" width="52" height="12" fill="#7b3826"/>
  <path d="M-40 -250 Q100 -420 262 -430 Q420 -420 560 -250 Q520 -236 470 -248 Q430 -300 380 -300 Q330 -300 300 -246 Q262 -232 230 -246 Q200 -300 150 -300 Q100 -300 70 -248 Q20 -236 -40 -250Z" fill="url(#thatch)"/>
  <path d="M-40 -250 Q100 -420 262 -430 Q420 -420 560 -250" fill="none" stroke="${P.thatchDark}" stroke-width="10" opacity=".5"/>
  <path d="M90 -350 Q262 -420 440 -350" fill="none" stroke="${P.thatchDark}" stroke-width="14" stroke-linecap="round" opacity=".55"/>
  <path d="M20 -280 L40 -300 M60 -300 L74 -330 M130 -350 L140 -380 M200 -380 L204 -410 M320 -380 L316 -410 M390 -360 L380 -388 M460 -320 L446 -346 M510 -280 L490 -300" stroke="#e2bd7c" stroke-width="3" opacity=".6"/>
  ${snowCap}
  ${windowPane(118, -290, 64, 44, lit, true)}
  ${windowPane(348, -290, 64, 44, lit, true)}
  ${windowPane(50, -190, 90, 100, lit)}
  ${windowPane(380, -190, 90, 100, lit)}
  ${flowerBox(46, -84, 98, 3)}
  ${flowerBox(376, -84, 98, 4)}
  <!-- door -->
  <ellipse cx="262" cy="-80" rx="110" ry="110" fill="url(#glow)" opacity=".5"/>
  <path d="M222 0 V-120 A40 40 0 0 1 302 -120 V0 Z" fill="${P.green}" stroke="${P.ink}" stroke-width="5"/>
  <path d="M234 -100 A28 28 0 0 1 290 -100 V-118 A28 28 0 0 0 234 -118Z" fill="url(#windowGlow)"/>
  <circle cx="290" cy="-56" r="4" fill="${P.brassLight}"/>
  <path d="M206 -168 H318 V-146 H206Z" fill="${P.green}"/>
  <text x="262" y="-152" font-family="DejaVu Serif, serif" font-size="15" font-weight="bold" fill="${P.brassLight}" text-anchor="middle" letter-spacing="2">THE WHEATSHEAF</text>
  ${wreath ? `<circle cx="262" cy="-96" r="22" fill="none" stroke="#2f5a34" stroke-width="10"/><circle cx="250" cy="-112" r="3" fill="${P.berry}"/><circle cx="276" cy="-84" r="3" fill="${P.berry}"/><path d="M254 -74 l8 -8 l8 8" stroke="${P.berry}" stroke-width="4" fill="none"/>` : ''}
  ${lantern(196, -150)}
  ${lantern(328, -150)}
  <rect x="200" y="-4" width="124" height="8" fill="#b9a888"/>
</g>`
}

export function lantern(x, y) {
  return `<g transform="translate(${x} ${y})"><circle cx="0" cy="14" r="34" fill="url(#glow)"/><path d="M0 -8 V0" stroke="${P.ink}" stroke-width="3"/><path d="M-8 0 H8 L6 24 H-6Z" fill="${P.glowHot}" stroke="${P.ink}" stroke-width="3"/><path d="M-10 0 L0 -6 L10 0Z" fill="${P.ink}"/></g>`
}

/** A string of festoon lights hanging between two points. */
export function festoon(x1, y1, x2, y2, sag, n, bulb = 5) {
  const mx = (x1 + x2) / 2
  const my = (y1 + y2) / 2 + sag
  let out = `<path d="M${x1} ${y1} Q${mx} ${my + sag} ${x2} ${y2}" fill="none" stroke="${P.ink}" stroke-width="2" opacity=".8"/>`
  for (let i = 1; i < n; i++) {
    const t = i / n
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (my + sag) + t * t * y2
    out += `<circle cx="${x.toFixed(1)}" cy="${(y + bulb + 2).toFixed(1)}" r="${bulb * 3.2}" fill="url(#glow)" opacity=".8"/><circle cx="${x.toFixed(1)}" cy="${(y + bulb + 2).toFixed(1)}" r="${bulb}" fill="${P.glowHot}"/>`
  }
  return out
}

/** A wooden picnic bench seen from the front, with an optional parasol. */
export function picnicTable(x, y, s = 1, parasol = null) {
  const umbrella = parasol
    ? `<path d="M0 -30 V-180" stroke="${P.woodDark}" stroke-width="5"/><path d="M-110 -150 Q0 -240 110 -150 Q82 -140 55 -150 Q28 -140 0 -150 Q-28 -140 -55 -150 Q-82 -140 -110 -150Z" fill="${parasol}"/><path d="M0 -212 L-55 -150 M0 -212 L55 -150" stroke="#000" stroke-opacity=".15" stroke-width="3"/>`
    : ''
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <ellipse cx="0" cy="4" rx="120" ry="12" fill="#000" opacity=".15"/>
  ${umbrella}
  <rect x="-90" y="-40" width="180" height="12" rx="3" fill="${P.woodLight}"/>
  <path d="M-70 -28 L-84 0 M70 -28 L84 0 M-60 -28 L-40 0 M60 -28 L40 0" stroke="${P.wood}" stroke-width="7"/>
  <rect x="-110" y="-14" width="220" height="8" rx="3" fill="${P.wood}"/>
</g>`
}

/** A plant-filled border with scattered blooms along the bottom of a scene. */
export function border(w, y, seed, h = 70) {
  const r = rng(seed)
  let out = ''
  for (let x = -20; x < w + 40; x += 34) {
    const rr = 26 + r() * 20
    out += `<ellipse cx="${x + r() * 20}" cy="${y + r() * 16}" rx="${rr}" ry="${rr * 0.8}" fill="${r() > 0.5 ? P.leaf : P.leafDark}"/>`
  }
  const colors = ['#d9826a', '#f3e3ef', '#e8b04a', '#b2426a', '#9d8cc7', '#fff6e0']
  for (let i = 0; i < w / 14; i++) {
    out += `<circle cx="${(r() * w).toFixed(0)}" cy="${(y - 10 + r() * h * 0.5).toFixed(0)}" r="${(3 + r() * 4).toFixed(1)}" fill="${colors[Math.floor(r() * colors.length)]}"/>`
  }
  return out
}

/** Stars scattered in the top part of a night sky. */
export function stars(w, h, n, seed) {
  const r = rng(seed)
  let out = ''
  for (let i = 0; i < n; i++) out += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(0.8 + r() * 1.8).toFixed(1)}" fill="#fff8e0" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`
  return out
}

/** Falling snow. */
export function snowfall(w, h, n, seed) {
  const r = rng(seed)
  let out = ''
  for (let i = 0; i < n; i++) out += `<circle cx="${(r() * w).toFixed(0)}" cy="${(r() * h).toFixed(0)}" r="${(2 + r() * 4).toFixed(1)}" fill="#fff" opacity="${(0.55 + r() * 0.45).toFixed(2)}"/>`
  return out
}

/** A decorated Christmas tree with lights. */
export function xmasTree(x, y, s = 1, seed = 5) {
  const r = rng(seed)
  let baubles = ''
  const colors = [P.berry, P.brassLight, '#fff6e0', '#d9826a']
  for (let i = 0; i < 26; i++) {
    const ty = -30 - r() * 250
    const half = ((ty + 300) / 300) * 90
    const bx = (r() - 0.5) * half * 1.6
    baubles += `<circle cx="${bx.toFixed(0)}" cy="${ty.toFixed(0)}" r="${(4 + r() * 4).toFixed(1)}" fill="${colors[i % colors.length]}"/>`
  }
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <rect x="-14" y="-30" width="28" height="30" fill="${P.woodDark}"/>
  <path d="M0 -310 L70 -190 L40 -190 L100 -90 L60 -90 L120 -30 L-120 -30 L-60 -90 L-100 -90 L-40 -190 L-70 -190Z" fill="#2c5a36"/>
  <path d="M0 -310 L70 -190 L40 -190 L100 -90 L60 -90 L120 -30 L0 -30Z" fill="#000" opacity=".15"/>
  ${baubles}
  <path d="M0 -332 l7 15 l16 2 l-12 11 l3 16 l-14 -8 l-14 8 l3 -16 l-12 -11 l16 -2z" fill="${P.brassLight}"/>
</g>`
}

/** A cocktail glass with a drink; kind: coupe, highball, martini, rocks, spritz. */
export function cocktail(x, y, s, kind, drink, garnish = 'lemon') {
  const g = { lemon: '#f2d35b', lime: '#9ccc4a', orange: '#f0973c', cherry: P.berry, mint: '#5fae5a' }[garnish] ?? garnish
  const glassStroke = `stroke="#fff" stroke-opacity=".7" stroke-width="3"`
  let body = ''
  if (kind === 'coupe') {
    body = `<path d="M-70 -190 Q-66 -120 0 -112 Q66 -120 70 -190Z" fill="${drink}"/>
    <path d="M-74 -196 Q-70 -110 0 -104 Q70 -110 74 -196" fill="none" ${glassStroke}/>
    <path d="M0 -104 V-14 M-44 -4 Q0 -20 44 -4" fill="none" ${glassStroke}/>
    <circle cx="48" cy="-196" r="14" fill="${g}"/>`
  } else if (kind === 'martini') {
    body = `<path d="M-74 -196 L0 -110 L74 -196Z" fill="${drink}"/>
    <path d="M-80 -200 L0 -106 L80 -200" fill="none" ${glassStroke}/>
    <path d="M0 -106 V-12 M-40 -4 Q0 -18 40 -4" fill="none" ${glassStroke}/>
    <path d="M-30 -220 L20 -150" stroke="${P.ink}" stroke-width="3"/><circle cx="8" cy="-166" r="10" fill="${g}"/>`
  } else if (kind === 'highball') {
    body = `<rect x="-40" y="-210" width="80" height="200" rx="6" fill="${drink}"/>
    <rect x="-44" y="-240" width="88" height="234" rx="8" fill="none" ${glassStroke}/>
    <rect x="-30" y="-190" width="26" height="26" rx="4" fill="#fff" opacity=".35" transform="rotate(12 -17 -177)"/>
    <rect x="4" y="-150" width="26" height="26" rx="4" fill="#fff" opacity=".35" transform="rotate(-10 17 -137)"/>
    <path d="M20 -290 L6 -160" stroke="${P.brassLight}" stroke-width="6"/>
    <circle cx="-40" cy="-236" r="24" fill="${g}"/><circle cx="-40" cy="-236" r="16" fill="#fff" opacity=".35"/>`
  } else if (kind === 'rocks') {
    body = `<path d="M-56 -130 L-50 -6 L50 -6 L56 -130Z" fill="none" ${glassStroke}/>
    <path d="M-53 -90 L-50 -10 L50 -10 L53 -90Z" fill="${drink}"/>
    <rect x="-26" y="-112" width="44" height="44" rx="6" fill="#fff" opacity=".35" transform="rotate(8)"/>
    <path d="M-40 -100 q30 -30 70 0" stroke="${g}" stroke-width="8" fill="none"/>`
  } else {
    body = `<path d="M-62 -230 Q-70 -120 0 -100 Q70 -120 62 -230Z" fill="${drink}" opacity=".9"/>
    <path d="M-66 -250 Q-76 -112 0 -96 Q76 -112 66 -250" fill="none" ${glassStroke}/>
    <path d="M0 -96 V-12 M-40 -4 Q0 -18 40 -4" fill="none" ${glassStroke}/>
    <circle cx="-18" cy="-170" r="20" fill="${g}"/><circle cx="24" cy="-200" r="5" fill="#fff" opacity=".6"/><circle cx="10" cy="-140" r="4" fill="#fff" opacity=".6"/>`
  }
  return `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="70" ry="10" fill="#000" opacity=".25"/>${body}</g>`
}

/** A beer pump (hand pull) with a pump clip. */
export function beerPump(x, y, s, clip) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <rect x="-12" y="-40" width="24" height="40" fill="url(#brassGrad)"/>
  <rect x="-18" y="-48" width="36" height="10" rx="3" fill="url(#brassGrad)"/>
  <path d="M0 -48 L6 -170" stroke="${P.woodDark}" stroke-width="16" stroke-linecap="round"/>
  <rect x="-16" y="-160" width="40" height="54" rx="6" fill="${clip}" stroke="${P.brassLight}" stroke-width="3" transform="rotate(3)"/>
  <circle cx="4" cy="-133" r="9" fill="${P.brassLight}" opacity=".8"/>
  <path d="M14 -40 q14 0 14 16" stroke="url(#brassGrad)" stroke-width="6" fill="none"/>
</g>`
}

/** A pint of ale. */
export function pint(x, y, s = 1, ale = '#b8661f') {
  return `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="0" rx="44" ry="8" fill="#000" opacity=".25"/><path d="M-34 -150 L-28 0 L28 0 L34 -150Z" fill="${ale}"/><path d="M-36 -170 Q0 -184 36 -170 L34 -146 L-34 -146Z" fill="#fbf1dc"/><path d="M-22 -140 L-18 -10" stroke="#fff" stroke-opacity=".25" stroke-width="7"/></g>`
}

/** A candle with its glow. */
export function candle(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})"><circle cx="0" cy="-56" r="60" fill="url(#glow)"/><rect x="-9" y="-46" width="18" height="46" rx="3" fill="#fbf1dc"/><path d="M0 -70 Q8 -56 0 -46 Q-8 -56 0 -70Z" fill="${P.glow}"/><rect x="-16" y="-4" width="32" height="6" rx="3" fill="url(#brassGrad)"/></g>`
}

/** A round table with a white cloth seen slightly from above. */
export function clothTable(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <ellipse cx="0" cy="70" rx="140" ry="18" fill="#000" opacity=".2"/>
  <path d="M-130 0 Q-140 50 -120 70 H120 Q140 50 130 0Z" fill="#f6f0e4"/>
  <ellipse cx="0" cy="0" rx="130" ry="34" fill="#fffaf0"/>
  <path d="M-120 70 Q-100 60 -86 70 Q-70 60 -54 70 M30 70 Q48 60 64 70 Q82 60 96 70" stroke="#d8cdb8" stroke-width="3" fill="none"/>
  <ellipse cx="-60" cy="4" rx="26" ry="8" fill="#fff" stroke="#d8cdb8" stroke-width="2"/>
  <ellipse cx="60" cy="4" rx="26" ry="8" fill="#fff" stroke="#d8cdb8" stroke-width="2"/>
  <path d="M-96 -26 q6 10 0 20 M96 -26 q-6 10 0 20" stroke="#fff" stroke-width="3" fill="none"/>
</g>`
}

/** A ladder-back chair seen from behind/side. */
export function chair(x, y, s = 1, flip = false) {
  return `<g transform="translate(${x} ${y}) scale(${flip ? -s : s} ${s})"><path d="M-30 0 V-140 M30 0 V-60 M-30 -60 H34" stroke="${P.woodDark}" stroke-width="9" stroke-linecap="round"/><path d="M-30 -130 H-6 M-30 -108 H-6 M-30 -86 H-6" stroke="${P.wood}" stroke-width="7"/></g>`
}

/** An armchair in deep red leather. */
export function armchair(x, y, s = 1, color = '#7a2e22') {
  return `<g transform="translate(${x} ${y}) scale(${s})"><ellipse cx="0" cy="4" rx="110" ry="14" fill="#000" opacity=".25"/><rect x="-80" y="-190" width="160" height="140" rx="40" fill="${color}"/><rect x="-100" y="-110" width="46" height="100" rx="20" fill="${color}"/><rect x="54" y="-110" width="46" height="100" rx="20" fill="${color}"/><rect x="-60" y="-70" width="120" height="50" rx="14" fill="#000" opacity=".2"/><rect x="-80" y="-190" width="160" height="30" rx="15" fill="#fff" opacity=".08"/><path d="M-80 -10 V6 M80 -10 V6" stroke="${P.woodDark}" stroke-width="10"/></g>`
}

/** An inglenook fireplace with a log fire. */
export function fireplace(x, y, s = 1) {
  return `<g transform="translate(${x} ${y}) scale(${s})">
  <rect x="-180" y="-300" width="360" height="300" fill="#b7a78a"/>
  <path d="M-180 -300 H180 V0 H-180Z M-150 -270 H150 V0 H-150Z" fill="#a39275" fill-rule="evenodd"/>
  <rect x="-200" y="-320" width="400" height="34" fill="${P.woodDark}"/>
  <path d="M-130 0 V-200 Q0 -250 130 -200 V0Z" fill="#241811"/>
  <circle cx="0" cy="-60" r="150" fill="url(#glow)" opacity=".9"/>
  <path d="M-70 -20 Q-50 -120 -10 -150 Q-20 -90 10 -80 Q20 -140 50 -160 Q60 -80 80 -20Z" fill="#f0973c"/>
  <path d="M-40 -20 Q-30 -80 0 -100 Q0 -60 20 -60 Q30 -90 44 -100 Q50 -50 56 -20Z" fill="${P.glowHot}"/>
  <rect x="-90" y="-26" width="180" height="20" rx="10" fill="${P.woodDark}" transform="rotate(-6)"/>
  <rect x="-80" y="-20" width="170" height="18" rx="9" fill="${P.wood}" transform="rotate(5)"/>
  ${candle(-140, -322, 0.8)}${candle(140, -322, 0.8)}
</g>`
}

/** Oak ceiling beams across the top of an interior. */
export function beams(w, y = 0, n = 5) {
  let out = `<rect x="0" y="${y}" width="${w}" height="46" fill="${P.woodDark}"/>`
  for (let i = 0; i < n; i++) {
    const x = (w / n) * i + w / n / 2
    out += `<path d="M${x - 22} ${y + 46} L${x + 22} ${y + 46} L${x + 16} ${y + 110} L${x - 16} ${y + 110}Z" fill="${P.woodDark}" opacity=".9"/>`
  }
  return out
}

/** Warm pendant lamps hanging from the ceiling. */
export function pendants(xs, y, len = 120) {
  return xs
    .map(
      (x) =>
        `<path d="M${x} ${y} V${y + len}" stroke="${P.ink}" stroke-width="3"/><circle cx="${x}" cy="${y + len + 14}" r="70" fill="url(#glow)" opacity=".7"/><path d="M${x - 26} ${y + len + 18} Q${x} ${y + len - 20} ${x + 26} ${y + len + 18}Z" fill="url(#brassGrad)"/><circle cx="${x}" cy="${y + len + 20}" r="8" fill="${P.glowHot}"/>`,
    )
    .join('')
}

/** Rows of bottles on back-bar shelves. */
export function bottleShelves(x, y, w, rows, seed) {
  const r = rng(seed)
  const colors = ['#3d6b3a', '#8a3b2a', '#c9993f', '#e6dccb', '#5a3f6b', '#2f5f78', '#b8661f']
  let out = ''
  for (let row = 0; row < rows; row++) {
    const sy = y + row * 110
    out += `<rect x="${x}" y="${sy}" width="${w}" height="10" fill="${P.woodLight}"/>`
    for (let bx = x + 14; bx < x + w - 20; bx += 24 + r() * 10) {
      const h = 50 + r() * 40
      const c = colors[Math.floor(r() * colors.length)]
      out += `<path d="M${bx} ${sy} v-${h * 0.65} q0 -8 6 -12 v-${h * 0.3} h6 v${h * 0.3} q6 4 6 12 v${h * 0.65}Z" fill="${c}" opacity=".92"/><rect x="${bx + 2}" y="${sy - h * 0.45}" width="14" height="${h * 0.2}" fill="#f6eedd" opacity=".7"/>`
    }
  }
  return out
}

/** Multi-line text helper. */
export function lines(x, y, items, { size = 24, gap = 34, family = 'DejaVu Serif, serif', fill = P.ink, anchor = 'start', weight = 'normal', style = 'normal' } = {}) {
  return items
    .map((t, i) => `<text x="${x}" y="${y + i * gap}" font-family="${family}" font-size="${size}" fill="${fill}" text-anchor="${anchor}" font-weight="${weight}" font-style="${style}">${t}</text>`)
    .join('')
}
