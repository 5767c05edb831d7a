import { data, Link } from 'react-router'
import { MESSAGES } from '#common/messages'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export function meta({ matches }: Route.MetaArgs) {
  const venue = matches.find((m) => m?.id === 'routes/site-layout')?.loaderData as
    | { venue?: { venue_name?: string } }
    | undefined
  const suffix = venue?.venue?.venue_name ? ` | ${venue.venue.venue_name}` : ''
  return [{ title: `${MESSAGES.notFoundPage}${suffix}` }, { name: 'robots', content: 'noindex' }]
}

/** Any unknown path inside the public site: '404 Page Not Found' with status 404. */
export default function NotFound() {
  return (
    <section className="px-6 py-20 sm:py-28">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        <h1 className="mt-6 text-4xl font-semibold text-primary sm:text-5xl">{MESSAGES.notFoundPage}</h1>
        <p className="mt-5 text-lg text-muted-foreground">
          We&rsquo;ve looked behind the bar and down the cellar steps, but this page isn&rsquo;t here. It may have moved,
          or the link may be mistyped.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link
            to="/"
            className="inline-flex h-12 items-center rounded-md bg-primary px-6 font-bold text-primary-foreground hover:bg-primary/90"
          >
            Back to the home page
          </Link>
          <Link
            to="/menu"
            className="inline-flex h-12 items-center rounded-md border-2 border-primary px-6 font-bold text-primary hover:bg-primary/5"
          >
            See the menu
          </Link>
        </div>
      </div>
    </section>
  )
}
