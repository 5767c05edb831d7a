import { data, Form, useActionData, useNavigation } from 'react-router'
import { MANAGE_MESSAGES, type RequestState, type RequestView } from '#common/manage-booking'
import { formatLongDate, formatTime12 } from '#common/time'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants, unavailableProps } from '~/components/ui/button-variants'
import { PRIVATE_LINK_HEADERS } from '~/lib/private-link'
import { privateTitle } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/confirm-booking'
import { guestsText } from '#common/reservation-form'

type Problem = 'invalid' | 'expired'
const problemOf = (error: unknown): Problem | undefined => (error as { problem?: Problem }).problem

/**
 * The link in a large party's 'request received' email (docs/decisions/0021):
 * the request, and a button that confirms it. Opening the link changes
 * nothing (mail scanners open links too); pressing the button does, once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const view: RequestView = await context.services.guestBookings.request(params.token)
    return data({ found: true as const, view }, { headers: PRIVATE_LINK_HEADERS })
  } catch (error) {
    const problem = problemOf(error)
    if (!problem) throw error
    return data(
      { found: false as const, problem },
      { status: problem === 'expired' ? 410 : 404, headers: PRIVATE_LINK_HEADERS },
    )
  }
}

/** Confirms the request (the page's form, a few bytes: the page body limit bounds it). Pressing again changes nothing. */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    return { view: await context.services.guestBookings.confirmRequest(params.token) }
  } catch (error) {
    const problem = problemOf(error)
    if (!problem) throw error
    return data({ problem }, { status: problem === 'expired' ? 410 : 404, headers: PRIVATE_LINK_HEADERS })
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ matches }: Route.MetaArgs) {
  return [privateTitle(matches, 'Confirm your booking request'), { name: 'robots', content: 'noindex' }]
}


/** What the page says of a request in each state; `phone` is the venue's. */
const SAYS: Record<RequestState, { title: string; text: (phone: string) => string }> = {
  waiting: {
    title: 'Confirm your booking request',
    text: () =>
      'We hold your table for 30 minutes until you confirm your request. Once you have, we hold it until we have called you.',
  },
  confirmed: {
    title: 'Thank you: your request is confirmed',
    text: () =>
      'Your table is held for you. For parties of more than 6 we confirm every booking personally: we will call you within 24 hours.',
  },
  no_room: {
    title: 'Thank you: we have your confirmation',
    text: (phone) =>
      `The tables for that time were taken while your request waited, so we cannot hold one for you yet. We will call you within 24 hours, or call us on ${phone}.`,
  },
  approved: {
    title: 'Your booking is confirmed',
    text: () => 'We have confirmed your table already. We look forward to seeing you.',
  },
  cancelled: {
    title: 'This booking has been cancelled',
    text: (phone) => `If this is a surprise, please call us on ${phone}.`,
  },
  past: {
    title: 'This booking has passed',
    text: (phone) => `If you need help with a booking, please call us on ${phone}.`,
  },
}

export default function ConfirmBookingPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const { venue } = useSiteData()
  const problem = !loaderData.found ? loaderData.problem : result && 'problem' in result ? result.problem : undefined
  const view = result && 'view' in result ? result.view : loaderData.found ? loaderData.view : undefined
  return (
    <section className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        {problem || !view ? (
          <>
            <h1 className="mt-6 text-4xl font-semibold text-primary">
              {problem === 'expired' ? 'This link has expired' : 'We could not open this request'}
            </h1>
            <p className="mx-auto mt-5 text-lg" role="alert">
              {problem === 'expired'
                ? MANAGE_MESSAGES.expired(venue.venue_phone)
                : MANAGE_MESSAGES.invalid(venue.venue_phone)}
            </p>
          </>
        ) : (
          <RequestDetails view={view} answered={Boolean(result)} />
        )}
        <p className="mt-8">
          <a href={telHref(venue.venue_phone)} className="font-semibold underline">
            Call us on {venue.venue_phone}
          </a>
        </p>
      </div>
    </section>
  )
}

function RequestDetails({ view, answered }: { view: RequestView; answered: boolean }) {
  const navigation = useNavigation()
  const says = SAYS[view.state]
  return (
    <>
      <h1 className="mt-6 text-4xl font-semibold text-primary">{says.title}</h1>
      <p className="mt-5 text-lg">
        A table for <strong>{guestsText(view.partySize)}</strong> on <strong>{formatLongDate(view.date)}</strong> at{' '}
        <strong>{formatTime12(view.startTime)}</strong>, for {view.name}.
      </p>
      <p className="mt-4 text-lg" role={answered ? 'status' : undefined}>
        {says.text(view.venuePhone)}
      </p>
      {view.state === 'waiting' && (
        <Form method="post" className="mt-8">
          {/* A page's action takes a form with something in it (server/http/page-body.ts). */}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className={buttonVariants({ size: 'lg' })} {...unavailableProps(navigation.state !== 'idle')}>
            {navigation.state === 'idle' ? 'Confirm my request' : 'Confirming…'}
          </button>
        </Form>
      )}
    </>
  )
}
