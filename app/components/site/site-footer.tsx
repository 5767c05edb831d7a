import { Mail, MapPin, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { telHref, useSiteData } from '~/lib/site-data'
import { NAV_LINKS, POLICY_LINKS } from './nav-links'
import { WheatsheafMark } from './wheatsheaf-mark'

/** The public footer: venue details, opening hours and kitchen note from settings, and the policy links. */
export function SiteFooter({ inert }: { inert?: boolean }) {
  const { venue, hours, kitchenNote, today } = useSiteData()
  return (
    <footer className="bg-forest-dark text-cream" inert={inert}>
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-venue">
          <div className="flex items-center gap-3">
            <WheatsheafMark className="h-10 w-8 text-brass-light" />
            <h2 id="footer-venue" className="font-display text-2xl font-semibold">
              {venue.venue_name}
            </h2>
          </div>
          <address className="mt-5 space-y-3 not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-1 size-4 shrink-0 text-brass-light" aria-hidden="true" />
              <span>{venue.venue_address}</span>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-1 size-4 shrink-0 text-brass-light" aria-hidden="true" />
              <span>
                <a className="underline-offset-4 hover:underline" href={telHref(venue.venue_phone)}>
                  {venue.venue_phone}
                </a>
                {venue.venue_phone_secondary && (
                  <>
                    {' · '}
                    <a className="underline-offset-4 hover:underline" href={telHref(venue.venue_phone_secondary)}>
                      {venue.venue_phone_secondary}
                    </a>
                  </>
                )}
              </span>
            </p>
            <p className="flex gap-3">
              <Mail className="mt-1 size-4 shrink-0 text-brass-light" aria-hidden="true" />
              <a className="break-all underline-offset-4 hover:underline" href={`mailto:${venue.venue_email}`}>
                {venue.venue_email}
              </a>
            </p>
          </address>
          <a
            className="mt-4 inline-block font-semibold text-brass-light underline underline-offset-4"
            href={venue.venue_maps_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Get directions<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>

        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="font-display text-xl font-semibold text-brass-light">
            Opening Hours
          </h2>
          <dl className="mt-4 space-y-2.5" data-testid="footer-hours">
            {hours.map((line) => (
              <div key={line.day}>
                <dt className="font-semibold">{line.day}</dt>
                <dd className="text-cream/85">{line.hours}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="footer-kitchen">
          <h2 id="footer-kitchen" className="font-display text-xl font-semibold text-brass-light">
            Kitchen
          </h2>
          <p className="mt-4 text-cream/90" data-testid="footer-kitchen">
            {kitchenNote}
          </p>
          <Link
            to="/booking"
            className="mt-6 inline-flex h-11 items-center rounded-md bg-brass px-5 font-bold text-forest-dark hover:bg-brass-light"
          >
            Book Table
          </Link>
        </section>

        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-display text-xl font-semibold text-brass-light">
            Explore
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 lg:grid-cols-1">
            {NAV_LINKS.slice(1).map((link) => (
              <li key={link.to}>
                <Link className="underline-offset-4 hover:underline" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="border-t border-cream/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-6 py-6 text-sm text-cream/80 md:flex-row md:items-center md:justify-between">
          <p>
            © {today.slice(0, 4)} {venue.venue_name}, {venue.venue_town}. Please drink responsibly.
          </p>
          <nav aria-label="Policies">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {POLICY_LINKS.map((link) => (
                <li key={link.to}>
                  <Link className="underline underline-offset-4 hover:text-cream" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  )
}
