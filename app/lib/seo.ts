import type { MetaDescriptor } from 'react-router'
import { VENUE_SETTING_DEFAULTS } from '#common/settings'
import type { SiteData } from './site-data'
import { SITE_LAYOUT_ROUTE_ID } from './site-data'
import { withoutTrailingSlashes } from '#common/url'

type MatchLike = { id: string; loaderData?: unknown } | undefined

export type SeoInput = {
  /** `matches` from the route's MetaArgs: the layout's data gives the site address and venue name. */
  matches: ReadonlyArray<MatchLike>
  /** Page title; ' | {venue name}' is appended unless `fullTitle` is set. */
  title: string
  fullTitle?: boolean
  description: string
  /** The page's path, e.g. '/menu' (canonical link and og:url). */
  path: string
  /** An image path or absolute URL for og:image. */
  image?: string
  /** 'website' (default) or 'article' for event pages. */
  type?: 'website' | 'article'
  noindex?: boolean
}

/** The public layout's data from a meta function's `matches` (undefined outside the layout). */
export function siteDataFromMatches(matches: ReadonlyArray<MatchLike>): SiteData | undefined {
  return matches.find((m) => m?.id === SITE_LAYOUT_ROUTE_ID)?.loaderData as SiteData | undefined
}

/** Joins the configured site address and a path into an absolute URL. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path
  return `${withoutTrailingSlashes(siteUrl)}${path.startsWith('/') ? path : `/${path}`}`
}

/**
 * A page's meta: title, description, canonical link and Open Graph / Twitter
 * tags, with absolute URLs from the `site_url` setting.
 */
export function seo(input: SeoInput): MetaDescriptor[] {
  const site = siteDataFromMatches(input.matches)
  const venueName = site?.venue.venue_name ?? VENUE_SETTING_DEFAULTS.venue_name
  const siteUrl = site?.venue.site_url ?? VENUE_SETTING_DEFAULTS.site_url
  const title = input.fullTitle ? input.title : `${input.title} | ${venueName}`
  const url = absoluteUrl(siteUrl, input.path)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: venueName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ]
  if (input.image) tags.push({ property: 'og:image', content: absoluteUrl(siteUrl, input.image) })
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

/** A page's title with the venue's name, as every page has it, for pages kept out of search (no canonical or sharing tags). */
export function privateTitle(matches: ReadonlyArray<MatchLike>, title: string): MetaDescriptor {
  return { title: `${title} | ${siteDataFromMatches(matches)?.venue.venue_name ?? VENUE_SETTING_DEFAULTS.venue_name}` }
}
