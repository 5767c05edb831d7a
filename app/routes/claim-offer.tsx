import { Form, useActionData, useNavigation } from 'react-router'
import { formatLongDate, formatTime12 } from '#common/time'
import type { OfferState, OfferView } from '#common/waitlist-form'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants, unavailableProps } from '~/components/ui/button-variants'
import { linkAction, linkView } from '~/lib/private-link'
import { privateTitle } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/claim-offer'
import { guestsText } from '#common/reservation-form'

/**
 * The link in a waitlist offer's email (issue 35): the table offered, and a
 * button that books it. Opening the link changes nothing (mail scanners open
 * links too); pressing the button books through the booking engine, once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return linkView(() => context.services.waitlist.offerView(params.token))
}

/** Books the offered table (the page's form, a few bytes: the page body limit bounds it). */
export async function action({ params, context }: Route.ActionArgs) {
  return linkAction(() => context.services.waitlist.claim(params.token))
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ matches }: Route.MetaArgs) {
  return [privateTitle(matches, 'Your table from the waitlist'), { name: 'robots', content: 'noindex' }]
}


/** What the page says of an offer in each state; `phone` is the venue's. */
const SAYS: Record<OfferState, { title: string; text: (phone: string) => string }> = {
  open: {
    title: 'A table has come up for you',
    text: () => 'It is held for you for 30 minutes from our email. Book it now with the button below.',
  },
  claimed: {
    title: 'This offer has already been claimed',
    text: () => 'The table is booked: your confirmation is in your email. We look forward to seeing you.',
  },
  taken: {
    title: 'Sorry, this table was taken meanwhile',
    text: () =>
      'Someone booked it just before you. You keep your place on the waitlist, and we will email you if another table comes up.',
  },
  expired: {
    title: 'This offer has expired',
    text: (phone) =>
      `We held the table for 30 minutes and then offered it to the next guest. If you would still like to come, call us on ${phone}.`,
  },
  gone: {
    title: 'You are no longer on the waitlist',
    text: (phone) => `If you would like a table, please call us on ${phone}.`,
  },
}

export default function ClaimOfferPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const { venue } = useSiteData()
  const view: OfferView | undefined =
    result && 'view' in result ? result.view : loaderData.found ? loaderData.view : undefined
  return (
    <section className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        {!view ? (
          <>
            <h1 className="mt-6 text-4xl font-semibold text-primary">We could not open this offer</h1>
            <p className="mx-auto mt-5 text-lg" role="alert">
              Please check the link in your email, or call us on {venue.venue_phone}.
            </p>
          </>
        ) : (
          <OfferDetails view={view} answered={Boolean(result)} />
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

function OfferDetails({ view, answered }: { view: OfferView; answered: boolean }) {
  const navigation = useNavigation()
  const says = view.justBooked
    ? {
        title: 'Your table is booked',
        text: () => 'Thank you: your confirmation is on its way to your email. We look forward to seeing you.',
      }
    : view.refusal
      ? {
          title: 'We could not book this table for you',
          text: () => `${view.refusal} You keep your place on the waitlist.`,
        }
      : SAYS[view.state]
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
      {view.state === 'open' && (
        <Form method="post" className="mt-8">
          {/* A page's action takes a form with something in it (server/http/page-body.ts). */}
          <input type="hidden" name="claim" value="yes" />
          <button type="submit" className={buttonVariants({ size: 'lg' })} {...unavailableProps(navigation.state !== 'idle')}>
            {navigation.state === 'idle' ? 'Book this table' : 'Booking…'}
          </button>
        </Form>
      )}
    </>
  )
}
