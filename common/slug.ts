/** Longest slug: titles are cut to this many characters. */
export const SLUG_MAX = 80

/** 'Quiz Night: Christmas Special!' → 'quiz-night-christmas-special'. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  let slug = ''
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word
    if (next.length > SLUG_MAX) {
      if (!slug) slug = word.slice(0, SLUG_MAX)
      break
    }
    slug = next
  }
  return slug || 'event'
}

/** Whether a value can be a slug (lower-case letters, digits and dashes), checked without a pattern. */
export function isSlug(value: string): boolean {
  if (value.length === 0 || value.length > SLUG_MAX + 12) return false
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d)) return false
  }
  return true
}
