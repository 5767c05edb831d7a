import { todayIn } from '#common/time'
import { absoluteUrl } from '~/lib/seo'
import type { Route } from './+types/sitemap[.]xml'

/** The public pages search engines should index (events are added from the database). */
export const SITEMAP_PAGES = [
  { path: '/', priority: '1.0', changefreq: 'weekly' },
  { path: '/menu', priority: '0.9', changefreq: 'weekly' },
  { path: '/booking', priority: '0.9', changefreq: 'monthly' },
  { path: '/events', priority: '0.8', changefreq: 'daily' },
  { path: '/cocktails', priority: '0.7', changefreq: 'monthly' },
  { path: '/christmas', priority: '0.7', changefreq: 'monthly' },
  { path: '/private-hire', priority: '0.7', changefreq: 'monthly' },
  { path: '/contact', priority: '0.8', changefreq: 'monthly' },
  { path: '/privacy-policy', priority: '0.2', changefreq: 'yearly' },
  { path: '/terms-conditions', priority: '0.2', changefreq: 'yearly' },
  { path: '/cookies-policy', priority: '0.2', changefreq: 'yearly' },
  { path: '/accessibility', priority: '0.2', changefreq: 'yearly' },
] as const

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** GET /sitemap.xml: the public pages plus `/events/{slug}` for every upcoming event. */
export async function loader({ context }: Route.LoaderArgs) {
  const { settings, events } = context.services
  const today = todayIn(context.clock.now(), context.venueTimezone)
  const [venue, upcoming] = await Promise.all([settings.venue(), events.upcoming(today)])
  const entries = [
    ...SITEMAP_PAGES.map((p) => ({ loc: absoluteUrl(venue.site_url, p.path), changefreq: p.changefreq, priority: p.priority })),
    ...upcoming.map((e) => ({
      loc: absoluteUrl(venue.site_url, `/events/${encodeURIComponent(e.slug)}`),
      changefreq: 'weekly',
      priority: '0.6',
      lastmod: e.updatedAt.toISOString().slice(0, 10),
    })),
  ]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${'lastmod' in e ? `<lastmod>${e.lastmod}</lastmod>` : ''}<changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
