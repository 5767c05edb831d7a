/** Hero slider index rules (SPEC.md section 4): advance with wrap; reset to 0 when out of range. */

/** SPEC.md section 9: the hero advances every 6000 ms and fades over 1 s. */
export const HERO_INTERVAL_MS = 6000
export const HERO_FADE_MS = 1000

export function nextSlideIndex(index: number, count: number): number {
  if (count <= 0) return 0
  return (index + 1) % count
}

/** The index to show: 0 when the slide list shrank below it. */
export function visibleSlideIndex(index: number, count: number): number {
  return index >= count || index < 0 ? 0 : index
}
