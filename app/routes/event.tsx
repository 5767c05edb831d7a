import { ArrowLeft, CalendarDays, Clock, Mail, Phone, PoundSterling, Users, Wallet } from 'lucide-react'
import * as React from 'react'
import { data, Link, useNavigation } from 'react-router'
import { zonedInstant } from '#common/time'
import { formatEventDate, formatEventTime, formatPrice, isAmount } from '#common/event-format'
import { EventActions } from '~/components/events/event-actions'
import { EventLoadingNotice } from '~/components/events/event-loading-notice'
import { EVENT_TYPE_LABELS, eventPicture, toEventView, type EventView } from '~/components/events/event-types'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants } from '~/components/ui/button-variants'
import { PageToaster } from '~/components/site/page-toaster'
import { ResponsiveImage, type ImageSource } from '~/components/ui/responsive-image'
import { trackEvent } from '~/lib/analytics'
import { useNonce } from '~/lib/nonce'
import { absoluteUrl, seo } from '~/lib/seo'
import { useSiteData, type SiteData } from '~/lib/site-data'
import { telHref } from '~/lib/tel'
import type { Route } from './+types/event'

export const EVENT_NOT_FOUND = 'Event not found'

/** One event by its slug or id (DESIGN.md section 6); a draft, cancelled or unknown one is 'Event not found' with 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { events, media } = context.services
  const row = await events.findPublic(params.idOrSlug)
  if (!row) return data({ event: null, media: {} as Record<string, ImageSource>, timeZone: context.venueTimezone }, { status: 404 })
  const event = toEventView(row)
  const described = await media.describe(event.image ? [event.image] : [])
  return { event, media: described, timeZone: context.venueTimezone }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const event = loaderData?.event
  if (!event) return [...seo({ matches, title: EVENT_NOT_FOUND, description: EVENT_NOT_FOUND, path: '/events' }), { name: 'robots', content: 'noindex' }]
  const picture = eventPicture(event, loaderData.media)
  return seo({
    matches,
    title: `${event.title}, ${formatEventDate(event.date)}`,
    description: summary(event),
    path: `/events/${event.slug}`,
    image: picture.src,
    type: 'article',
  })
}

/** A line or two for search results and shared links. */
function summary(event: EventView): string {
  const text = (event.shortDescription || event.description).replace(/\s+/g, ' ').trim()
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}...` : text
}

/** schema.org Event for search engines. */
function eventSchema(event: EventView, image: string, site: SiteData, timeZone: string) {
  const start = event.time ? zonedInstant(event.date, event.time, timeZone) : null
  const end = event.endTime ? zonedInstant(event.date, event.endTime, timeZone) : null
  const url = absoluteUrl(site.venue.site_url, `/events/${event.slug}`)
  const price = event.price?.trim() ?? ''
  const amount = !price || /^free\b/i.test(price) ? '0' : isAmount(price) ? price : null
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: summary(event),
    startDate: start?.toISOString() ?? event.date,
    ...(end ? { endDate: end.toISOString() } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    image: [absoluteUrl(site.venue.site_url, image)],
    url,
    location: {
      '@type': 'Place',
      name: site.venue.venue_name,
      address: { '@type': 'PostalAddress', streetAddress: site.venue.venue_address, addressLocality: site.venue.venue_town, addressCountry: 'GB' },
    },
    organizer: { '@type': 'Organization', name: site.venue.venue_name, url: absoluteUrl(site.venue.site_url, '/') },
    ...(amount !== null ? { offers: { '@type': 'Offer', price: amount, priceCurrency: 'GBP', url, availability: 'https://schema.org/InStock' } } : {}),
  }
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, media, timeZone } = loaderData
  const navigation = useNavigation()
  const loadingOther = navigation.state === 'loading' && navigation.location.pathname.startsWith('/events/')
  React.useEffect(() => {
    if (event) trackEvent('ViewContent', { content_name: event.title, content_category: 'event' })
  }, [event])
  if (!event) return <NotFound />
  return (
    <>
      <EventLoadingNotice active={loadingOther} />
      <EventDetails event={event} media={media} timeZone={timeZone} />
      <PageToaster />
    </>
  )
}

function NotFound() {
  return (
    <section className="px-6 pb-20 pt-32 sm:pb-28">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        <h1 className="mt-6 text-4xl font-semibold text-primary sm:text-5xl">{EVENT_NOT_FOUND}</h1>
        <p className="mt-5 text-lg text-muted-foreground">This event may have finished, been cancelled, or the link may be mistyped.</p>
        <Link to="/events" className={buttonVariants({ size: 'lg', className: 'mt-10' })}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Events
        </Link>
      </div>
    </section>
  )
}

function EventDetails({ event, media, timeZone }: { event: EventView; media: Record<string, ImageSource>; timeZone: string }) {
  const site = useSiteData()
  const nonce = useNonce()
  const picture = eventPicture(event, media)
  const paragraphs = event.description.split(/\n\s*\n|\n/).map((p) => p.trim()).filter(Boolean)
  const json = JSON.stringify(eventSchema(event, picture.src, site, timeZone)).replace(/</g, '\\u003c')
  return (
    <article aria-labelledby="event-title" className="px-6 pb-16 pt-28 sm:pb-24 sm:pt-32">
      <script type="application/ld+json" nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
      <div className="mx-auto max-w-6xl">
        <Link to="/events" className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Events
        </Link>
        <p className="mt-6 text-sm font-semibold uppercase tracking-[0.25em] text-oak">{EVENT_TYPE_LABELS[event.type] ?? 'Event'}</p>
        <h1 id="event-title" className="mt-2 text-4xl font-semibold text-primary text-balance sm:text-5xl">
          {event.title}
        </h1>
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
          <div>
            <div className="overflow-hidden rounded-2xl bg-muted">
              <ResponsiveImage {...picture} alt={event.image ? event.title : picture.alt} sizes="(min-width: 1024px) 45rem, 100vw" priority className="aspect-video h-auto w-full object-cover" />
            </div>
            <div className="mt-8 grid gap-4 text-lg leading-relaxed">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
            <section aria-labelledby="event-contact" className="mt-10 rounded-2xl border border-border bg-card p-6">
              <h2 id="event-contact" className="text-2xl font-semibold text-primary">
                Questions about this event?
              </h2>
              <p className="mt-2 text-muted-foreground">{event.contact || 'Call or email us and we will be happy to help.'}</p>
              <ul className="mt-4 grid gap-2">
                <li>
                  <a href={telHref(site.venue.venue_phone)} className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline">
                    <Phone className="size-4" aria-hidden="true" />
                    {site.venue.venue_phone}
                  </a>
                </li>
                <li>
                  <a href={`mailto:${site.venue.venue_email}`} className="inline-flex items-center gap-2 break-all font-semibold text-primary underline-offset-4 hover:underline">
                    <Mail className="size-4" aria-hidden="true" />
                    {site.venue.venue_email}
                  </a>
                </li>
              </ul>
            </section>
          </div>
          <aside aria-label="Event details" className="h-fit rounded-2xl bg-forest p-6 text-cream shadow-lg lg:sticky lg:top-28">
            <dl className="grid gap-4">
              <Detail icon={CalendarDays} label="Date" value={formatEventDate(event.date)} />
              <Detail icon={Clock} label="Time" value={formatEventTime(event.time, event.endTime)} />
              <Detail icon={PoundSterling} label="Price" value={formatPrice(event.price)} />
              {event.capacity ? <Detail icon={Users} label="Capacity" value={`${event.capacity} guests`} /> : null}
              {event.depositRequired ? <Detail icon={Wallet} label="Deposit required" value={event.depositRequired} /> : null}
            </dl>
            <div className="mt-6 grid gap-3 [&>*]:w-full">
              <EventActions event={event} size="lg" variant="brass" />
            </div>
            <p className="mt-4 text-sm text-cream/80">
              {event.bookingType === 'table' ? 'Your table is held for the event; we confirm by email.' : 'We reply to every enquiry within 24 hours.'}
            </p>
          </aside>
        </div>
      </div>
    </article>
  )
}

function Detail({ icon: Icon, label, value }: { icon: typeof Clock; label: string; value: string }) {
  return (
    <div className="relative pl-8">
      <dt className="text-sm font-semibold uppercase tracking-wider text-cream/75">
        <Icon className="absolute left-0 top-1 size-5 text-brass-light" aria-hidden="true" />
        {label}
      </dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  )
}
