import { GUEST_CHANGE_CUTOFF_HOURS } from '#common/manage-booking'
import { formatLongDate } from '#common/time'
import { telHref, useSiteData } from '~/lib/site-data'

/**
 * The frame of the four policy pages: title, 'Last updated' (today in the
 * venue's zone, from the server clock), the venue's contact details, and the
 * booking essentials every policy page repeats (SPEC.md sections 2 and 9).
 */
export function PolicyPage({ title, intro, children }: { title: string; intro: string; children: React.ReactNode }) {
  const { venue, today } = useSiteData()
  return (
    <article>
      <header className="border-b border-border bg-secondary/60 px-6 pb-12 pt-14">
        <div className="mx-auto max-w-5xl">
          <p className="text-sm font-semibold uppercase tracking-[0.25em] text-oak">{venue.venue_name}</p>
          <h1 className="mt-3 text-4xl font-semibold text-primary sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{intro}</p>
          <p className="mt-5 text-sm font-semibold" data-testid="last-updated">
            Last updated: <time dateTime={today}>{formatLongDate(today)}</time>
          </p>
        </div>
      </header>
      <div className="px-6 py-12">
        <div className="mx-auto grid max-w-5xl gap-12 lg:grid-cols-[1fr_18rem]">
          <div className="prose-pub min-w-0">{children}</div>
          <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
            <section aria-labelledby="policy-contact" className="rounded-lg border border-border bg-card p-5 shadow-sm">
              <h2 id="policy-contact" className="text-xl font-semibold text-primary">
                Contact us
              </h2>
              <address className="mt-3 space-y-2 text-[0.95rem] not-italic">
                <p>{venue.venue_address}</p>
                <p>
                  Phone:{' '}
                  <a className="font-semibold underline underline-offset-2" href={telHref(venue.venue_phone)}>
                    {venue.venue_phone}
                  </a>
                </p>
                <p>
                  Email:{' '}
                  <a
                    className="break-all font-semibold underline underline-offset-2"
                    href={`mailto:${venue.venue_email}`}
                  >
                    {venue.venue_email}
                  </a>
                </p>
              </address>
            </section>
            <section aria-labelledby="policy-essentials" className="rounded-lg bg-forest p-5 text-cream shadow-sm">
              <h2 id="policy-essentials" className="text-xl font-semibold text-brass-light">
                Booking essentials
              </h2>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-[0.95rem]">
                <li>Large parties may need to pay a deposit to secure their table.</li>
                <li>Bookings may be confirmed within 24 hours; parties of more than 6 are confirmed by our team.</li>
                <li>
                  Please cancel or change a booking at least {GUEST_CHANGE_CUTOFF_HOURS} hours before your table time: with the link in
                  your email, or by phone.
                </li>
                <li>Our kitchen closes at 9:00 PM daily and 6:00 PM on Sundays.</li>
              </ul>
            </section>
          </aside>
        </div>
      </div>
    </article>
  )
}

/** The venue's email as a link, for use inside policy text. */
export function VenueEmailLink() {
  const { venue } = useSiteData()
  return <a href={`mailto:${venue.venue_email}`}>{venue.venue_email}</a>
}

/** The venue's main phone number as a link, for use inside policy text. */
export function VenuePhoneLink() {
  const { venue } = useSiteData()
  return <a href={telHref(venue.venue_phone)}>{venue.venue_phone}</a>
}
