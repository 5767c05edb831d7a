import { data } from 'react-router'

/**
 * The pages a guest opens from a signed link in an email (manage, confirm, a waitlist offer, leaving the
 * waitlist): the address carries the guest's key, so the page is never cached by anyone and never sent on
 * as a referrer.
 */
export const PRIVATE_LINK_HEADERS = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }

const isLinkError = (error: unknown) => (error as { code?: string }).code === 'link_invalid'

/** A waitlist link's loader: the view `read` gives, or 404 for a link that is forged, broken or for nothing now. */
export async function linkView<T>(read: () => Promise<T>) {
  try {
    return data({ found: true as const, view: await read() }, { headers: PRIVATE_LINK_HEADERS })
  } catch (error) {
    if (!isLinkError(error)) throw error
    return data({ found: false as const }, { status: 404, headers: PRIVATE_LINK_HEADERS })
  }
}

/** A waitlist link's action (its form is a few bytes: the page body limit bounds it): what `act` did, or 404 as above. */
export async function linkAction<T>(act: () => Promise<T>) {
  try {
    return { view: await act() }
  } catch (error) {
    if (!isLinkError(error)) throw error
    return data({ problem: 'invalid' as const }, { status: 404, headers: PRIVATE_LINK_HEADERS })
  }
}
