import { absoluteUrl } from '~/lib/seo'
import type { Route } from './+types/robots[.]txt'

/** GET /robots.txt: everything public may be crawled except the staff pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const venue = await context.services.settings.venue()
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(venue.site_url, '/sitemap.xml')}`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
