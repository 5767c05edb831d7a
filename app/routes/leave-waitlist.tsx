import { Form, useActionData, useNavigation } from 'react-router'
import { formatLongDate } from '#common/time'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants, unavailableProps } from '~/components/ui/button-variants'
import { linkAction, linkView } from '~/lib/private-link'
import { privateTitle } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/leave-waitlist'

/** The link in both waitlist emails (issue 35): a button that takes the guest off the waitlist. Opening it changes nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return linkView(() => context.services.waitlist.leaveView(params.token))
}

export async function action({ params, context }: Route.ActionArgs) {
  // The page's request carries no trusted address here: the audit row names the guest without one.
  return linkAction(() => context.services.waitlist.leave(params.token, null))
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export function meta({ matches }: Route.MetaArgs) {
  return [privateTitle(matches, 'Leave the waitlist'), { name: 'robots', content: 'noindex' }]
}

export default function LeaveWaitlistPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { venue } = useSiteData()
  const view = result && 'view' in result ? result.view : loaderData.found ? loaderData.view : undefined
  return (
    <section className="px-4 py-12 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        {!view ? (
          <>
            <h1 className="mt-6 text-4xl font-semibold text-primary">We could not open this link</h1>
            <p className="mx-auto mt-5 text-lg" role="alert">
              It may have expired. If you would like to leave the waitlist, please call us on {venue.venue_phone}.
            </p>
          </>
        ) : view.onList ? (
          <>
            <h1 className="mt-6 text-4xl font-semibold text-primary">Leave the waitlist?</h1>
            <p className="mt-5 text-lg">
              You are on our waitlist for a table for <strong>{view.partySize}</strong> on{' '}
              <strong>{formatLongDate(view.date)}</strong>. If your plans have changed, leave it and we will not email
              you about it again.
            </p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="leave" value="yes" />
              <button type="submit" className={buttonVariants({ size: 'lg' })} {...unavailableProps(navigation.state !== 'idle')}>
                {navigation.state === 'idle' ? 'Leave the waitlist' : 'Leaving…'}
              </button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-4xl font-semibold text-primary">You are off the waitlist</h1>
            <p className="mt-5 text-lg" role="status">
              We will not email you about {formatLongDate(view.date)} again. We hope to see you another time.
            </p>
          </>
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
