import { BookingForm } from '~/components/booking/booking-form'
import { ResponsiveImage } from '~/components/ui/responsive-image'
import { WholeEnd } from '~/components/ui/whole-end'
import { ARTWORK } from '~/lib/artwork'
import { seo } from '~/lib/seo'
import { todayIn } from '#common/time'
import type { Route } from './+types/booking'

export const handle = { heroUnderNav: true }

/** Everything the calendar needs, so it renders on the server: hours, exceptions and each day's booking times, today, the phone. */
export async function loader({ context }: Route.LoaderArgs) {
  const today = todayIn(context.clock.now(), context.venueTimezone)
  const { hours, settings } = context.services
  const [days, venue] = await Promise.all([hours.bookingDays(today), settings.venue()])
  return { today, ...days, venuePhone: venue.venue_phone }
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    matches,
    title: 'Book a Table',
    description: 'Book a table online: pick a day and a time that are free, and get your confirmation at once.',
    path: '/booking',
    image: ARTWORK.heroBooking.src,
  })
}

export default function Booking({ loaderData }: Route.ComponentProps) {
  const hero = ARTWORK.heroBooking
  return (
    <>
      {/* Room for the heading on two lines at 390 px (it can wrap before its font arrives): the form below does not move when the font comes. */}
      <section className="relative isolate flex min-h-[340px] items-end overflow-hidden bg-forest-dark sm:min-h-[380px]">
        <ResponsiveImage
          {...hero}
          priority
          className="absolute inset-0 -z-10 size-full object-cover opacity-70"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-forest-dark via-forest-dark/50 to-forest-dark/30" />
        <div className="mx-auto w-full max-w-3xl px-6 pb-10 pt-28 text-cream" data-whole="">
          <h1 className="font-display text-4xl font-semibold sm:text-5xl">Make a Reservation</h1>
          <p className="mt-3 max-w-xl text-lg text-cream/90">
            Choose a day and a time, tell us how many are coming, and we will have your table ready.
          </p>
          <WholeEnd />
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <BookingForm
          today={loaderData.today}
          openingHours={loaderData.openingHours}
          exceptions={loaderData.exceptions}
          bookingTimes={loaderData.bookingTimes}
          venuePhone={loaderData.venuePhone}
        />
      </div>
    </>
  )
}
