import { CalendarDays, Clock, PoundSterling } from 'lucide-react'
import { Link, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { formatEventDate, formatEventTime, formatPrice } from '#common/event-format'
import { MONTH_NAMES, todayIn } from '#common/time'
import { PageHero } from '~/components/content/page-hero'
import { EventActions } from '~/components/events/event-actions'
import { EventLoadingNotice } from '~/components/events/event-loading-notice'
import { EVENT_TYPE_LABELS, eventPicture, toEventView, type EventView } from '~/components/events/event-types'
import { buttonVariants } from '~/components/ui/button-variants'
import { PageToaster } from '~/components/site/page-toaster'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { ARTWORK } from '~/lib/artwork'
import { cx } from '~/lib/cx'
import { seo } from '~/lib/seo'
import type { Route } from './+types/events'

export const handle = { heroUnderNav: true }

export async function loader({ context }: Route.LoaderArgs) {
  const { events, media } = context.services
  const upcoming = (await events.upcoming(todayIn(context.clock.now(), context.venueTimezone))).map(toEventView)
  const described = await media.describe(upcoming.flatMap((e) => (e.image ? [e.image] : [])))
  return { events: upcoming, media: described }
}

/** The month filter lives in the address (shareable, works before the script runs) and is applied here: no new load. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get('month') !== nextUrl.searchParams.get('month')) return false
  return defaultShouldRevalidate
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Events',
    description: 'Quiz nights, live music, wine tastings and seasonal celebrations at the pub. See what is on, book a table or send an enquiry.',
    path: '/events',
    image: ARTWORK.venueEventSpace.src,
  })
}

/** 'YYYY-MM' of a date, and the months that have events, in calendar order. */
const monthOf = (date: string) => date.slice(0, 7)
function monthsOf(events: EventView[]) {
  const keys = [...new Set(events.map((e) => monthOf(e.date)))].sort()
  const years = new Set(keys.map((k) => k.slice(0, 4)))
  // The year is added only when the list runs into another one and a month name could repeat.
  return keys.map((key) => {
    const name = MONTH_NAMES[Number(key.slice(5, 7)) - 1]!
    return { key, label: years.size > 1 && keys.some((k) => k !== key && k.slice(5) === key.slice(5)) ? `${name} ${key.slice(0, 4)}` : name }
  })
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { events, media } = loaderData
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const months = monthsOf(events)
  const chosen = months.some((m) => m.key === params.get('month')) ? params.get('month') : null
  const shown = chosen ? events.filter((e) => monthOf(e.date) === chosen) : events
  const loadingEvent = navigation.state === 'loading' && navigation.location.pathname.startsWith('/events/')

  return (
    <>
      <PageHero
        image={ARTWORK.venueEventSpace}
        eyebrow="What's on"
        title="Events"
        lead="Quiz nights, live music, tastings and celebrations in the barn and the bar. Book a table or ask us about an evening."
      />
      <section aria-labelledby="events-heading" className="px-6 py-14 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <h2 id="events-heading" className="sr-only">
            Upcoming events
          </h2>
          <EventLoadingNotice active={loadingEvent} />
          {events.length === 0 ? (
            <div className="mx-auto max-w-xl rounded-2xl border border-border bg-card p-10 text-center">
              <CalendarDays className="mx-auto size-10 text-oak" aria-hidden="true" />
              <p className="mt-4 text-2xl font-semibold text-primary">Nothing on the calendar just yet</p>
              <p className="mt-2 text-muted-foreground">New events are added every month. Come back soon, or book a table for a quiet evening in.</p>
            </div>
          ) : (
            <>
              <nav aria-label="Filter events by month" className="flex flex-wrap gap-2">
                {[{ key: null, label: 'All' }, ...months].map((m) => {
                  const current = m.key === chosen
                  return (
                    <Link
                      key={m.key ?? 'all'}
                      to={m.key ? `?month=${m.key}` : '.'}
                      replace
                      preventScrollReset
                      aria-current={current ? 'page' : undefined}
                      className={cx(buttonVariants({ variant: current ? 'default' : 'outline', size: 'sm' }), 'min-w-16')}
                    >
                      {m.label}
                    </Link>
                  )
                })}
              </nav>
              <p className="sr-only" role="status">
                {shown.length === 1 ? '1 event' : `${shown.length} events`}
              </p>
              <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
                {shown.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} media={media} />
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="mt-14 flex flex-col items-center gap-3 text-center">
            <p className="text-lg text-muted-foreground">Just want a table? We would love to see you.</p>
            <Link to="/contact" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Book Your Table
            </Link>
          </div>
        </div>
      </section>
      <PageToaster />
    </>
  )
}

// Every card picture loads lazily: the hero above them is the page's largest paint and must not wait for them.
function EventCard({ event, media }: { event: EventView; media: Route.ComponentProps['loaderData']['media'] }) {
  const picture = eventPicture(event, media)
  const titleId = `event-${event.id}-title`
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
      <div className="relative aspect-[4/3] bg-muted">
        <ResponsiveImage {...picture} alt="" sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw" className="h-full w-full object-cover" />
        <span className="absolute left-3 top-3 rounded-full bg-forest/90 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-cream">
          {EVENT_TYPE_LABELS[event.type] ?? 'Event'}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={titleId} className="text-2xl font-semibold text-primary">
          {event.title}
        </h3>
        <dl className="mt-3 grid gap-1.5 text-sm">
          <div className="flex items-center gap-2">
            <dt className="sr-only">Date</dt>
            <CalendarDays className="size-4 text-oak" aria-hidden="true" />
            <dd className="font-semibold">{formatEventDate(event.date)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">Time</dt>
            <Clock className="size-4 text-oak" aria-hidden="true" />
            <dd>{formatEventTime(event.time, event.endTime)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="sr-only">Price</dt>
            <PoundSterling className="size-4 text-oak" aria-hidden="true" />
            <dd>{formatPrice(event.price)}</dd>
          </div>
        </dl>
        {(event.shortDescription || event.description) && (
          <p className="mt-4 line-clamp-3 text-muted-foreground">{event.shortDescription || event.description}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-3 pt-6">
          <Link to={`/events/${event.slug}`} className={buttonVariants({ variant: 'outline' })}>
            More Information<span className="sr-only"> about {event.title}</span>
          </Link>
          <EventActions event={event} />
        </div>
      </div>
    </article>
  )
}
