import { data } from 'react-router'
import { MANAGE_MESSAGES, type ManageView } from '#common/manage-booking'
import { todayIn } from '#common/time'
import { ManageBooking } from '~/components/booking/manage-booking'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants } from '~/components/ui/button-variants'
import { PRIVATE_LINK_HEADERS } from '~/lib/private-link'
import { privateTitle } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/manage-booking'

/**
 * The link in a guest's booking emails (issue 15): the booking, and while the
 * visit is more than 2 hours away, the calendar and hours to move it. A link
 * that is not ours, or has expired, shows why and what to do instead.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { guestBookings, hours } = context.services
  const token = params.token
  try {
    const view: ManageView = await guestBookings.view(token)
    const today = todayIn(context.clock.now(), context.venueTimezone)
    const [openingHours, exceptions] =
      view.state === 'open' ? await Promise.all([hours.openingHours(), hours.exceptionsFrom(today)]) : [[], []]
    return data(
      { found: true as const, view, token, today, openingHours, exceptions },
      { headers: PRIVATE_LINK_HEADERS },
    )
  } catch (error) {
    const problem = (error as { problem?: 'invalid' | 'expired' }).problem
    if (!problem) throw error
    return data(
      { found: false as const, problem },
      { status: problem === 'expired' ? 410 : 404, headers: PRIVATE_LINK_HEADERS },
    )
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    privateTitle(matches, 'Your booking'),
    { name: 'description', content: 'See, change or cancel your table booking.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function ManageBookingPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl">
        {loaderData.found ? (
          <ManageBooking
            initial={loaderData.view}
            token={loaderData.token}
            today={loaderData.today}
            openingHours={loaderData.openingHours}
            exceptions={loaderData.exceptions}
          />
        ) : (
          <LinkProblem problem={loaderData.problem} />
        )}
        <p className="mt-10 text-sm text-muted-foreground">
          What we keep about you, for how long, and how to ask for a copy or have it erased:{' '}
          <a href="/privacy-policy#your-data" className="underline underline-offset-4 hover:text-foreground">
            your data
          </a>
          .
        </p>
      </div>
    </section>
  )
}

function LinkProblem({ problem }: { problem: 'invalid' | 'expired' }) {
  const { venue } = useSiteData()
  const message =
    problem === 'expired' ? MANAGE_MESSAGES.expired(venue.venue_phone) : MANAGE_MESSAGES.invalid(venue.venue_phone)
  return (
    <div className="text-center">
      <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
      <h1 className="mt-6 text-4xl font-semibold text-primary">
        {problem === 'expired' ? 'This link has expired' : 'We could not open this booking'}
      </h1>
      <p className="mx-auto mt-5 max-w-xl text-lg">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={telHref(venue.venue_phone)} className={buttonVariants({ size: 'lg' })}>
          Call {venue.venue_phone}
        </a>
        <a href="/booking" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          Book a table
        </a>
      </div>
    </div>
  )
}
