import { Form, useActionData } from 'react-router'
import { WheatsheafMark } from '~/components/site/wheatsheaf-mark'
import { buttonVariants } from '~/components/ui/button-variants'
import { privateTitle } from '~/lib/seo'
import { telHref, useSiteData } from '~/lib/site-data'
import type { Route } from './+types/unsubscribe'

export function meta({ matches }: Route.MetaArgs) {
  return [privateTitle(matches, 'Stop offers by email'), { name: 'robots', content: 'noindex' }]
}

/** 'ann.guest@example.com' → 'an…@example.com': enough to recognise, not to harvest. */
const masked = (email: string) => {
  const [name, domain] = email.split('@')
  return `${name!.slice(0, 2)}…@${domain}`
}

/** The link in a guest's email: whose address it is for, or why it no longer works. */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const check = context.services.email.readUnsubscribeToken(token)
  return check.ok ? { state: 'ready' as const, email: masked(check.payload.e), token } : { state: check.reason }
}

/**
 * Records the opt-out: from this page's button, or straight from a mail app's
 * one-click unsubscribe (RFC 8058 posts to the link itself).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const token = new URL(request.url).searchParams.get('token') ?? String(form.get('token') ?? '')
  const check = context.services.email.readUnsubscribeToken(token)
  if (!check.ok) return { done: false as const }
  await context.services.email.unsubscribe(check.payload.e, context.clientAddress)
  return { done: true as const }
}

/** Stop offers by email: one button, and a clear answer. Messages about bookings still come. */
export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const { venue } = useSiteData()
  return (
    <section className="px-6 py-20 sm:py-28">
      <div className="mx-auto max-w-xl text-center">
        <WheatsheafMark className="mx-auto h-16 w-12 text-brass" />
        <h1 className="mt-6 text-4xl font-semibold text-primary">Stop offers by email</h1>
        {result?.done ? (
          <p className="mt-5 text-lg" role="status">
            Done: you will not get offers from {venue.venue_name} any more. Messages about your bookings still come.
          </p>
        ) : loaderData.state === 'ready' && !result ? (
          <>
            <p className="mt-5 text-lg">
              Stop offers and updates from {venue.venue_name} to <strong>{loaderData.email}</strong>? Messages about your
              bookings still come.
            </p>
            <Form method="post" className="mt-8">
              <input type="hidden" name="token" value={loaderData.token} />
              <button type="submit" className={buttonVariants({ size: 'lg' })}>
                Stop offers
              </button>
            </Form>
          </>
        ) : (
          <p className="mt-5 text-lg" role="alert">
            {loaderData.state === 'expired' ? 'This link has expired.' : 'This link does not work: it may have been cut short.'} To stop
            offers, reply to any of our emails or call us on{' '}
            <a className="font-semibold underline" href={telHref(venue.venue_phone)}>
              {venue.venue_phone}
            </a>
            .
          </p>
        )}
      </div>
    </section>
  )
}
