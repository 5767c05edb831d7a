/** A public menu section as the /menu loader hands it to the page (SPEC.md section 3). */
export type MenuSectionView = {
  id: number
  name: string
  category: string
  description: string
  pdfUrl: string | null
  imageUrls: string[]
  backgroundImage: string | null
  /** Responsive widths of the background, when known (house artwork or a described upload). */
  backgroundSrcSet: string | null
  /** ISO time of the last change; stamps the background image URL so an updated picture is never served stale. */
  updatedAt: string
}

/** 'food' → 'Food' (viewer alt text reads 'Food menu page 1'). */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1)
}

/** The background image URL with a cache-busting `v=<epoch ms>` stamp from updatedAt. */
export function stampedUrl(url: string, updatedAt: string): string {
  const stamp = new Date(updatedAt).getTime()
  if (!Number.isFinite(stamp)) return url
  return `${url}${url.includes('?') ? '&' : '?'}v=${stamp}`
}

/** Stamps every URL of a `srcset` ('a.webp 480w, b.webp 960w') like stampedUrl. */
export function stampedSrcSet(srcSet: string, updatedAt: string): string {
  return srcSet
    .split(',')
    .map((entry) => {
      const [url = '', descriptor] = entry.trim().split(/\s+/)
      return descriptor ? `${stampedUrl(url, updatedAt)} ${descriptor}` : stampedUrl(url, updatedAt)
    })
    .join(', ')
}
