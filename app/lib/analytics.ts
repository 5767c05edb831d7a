import { readConsent } from './consent'

/** SPEC.md section 9 event names: Lead (reservation), ViewContent (menu and event views), Contact. */
export type TrackEventName = 'Lead' | 'ViewContent' | 'Contact'
export type TrackParams = Record<string, string | number | boolean>

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[]
  loaded?: boolean
  version?: string
  callMethod?: (...args: unknown[]) => void
}
declare global {
  interface Window {
    fbq?: Fbq
    _fbq?: Fbq
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js'
/** Value per guest reported with a booking (SPEC.md section 9). */
export const LEAD_VALUE_PER_GUEST = 30

/**
 * Sends a pixel event. Does nothing on the server, without consent, or when
 * the pixel was never loaded (no pixel id configured).
 */
export function trackEvent(name: TrackEventName, params?: TrackParams) {
  if (typeof window === 'undefined' || readConsent() !== 'accepted' || !window.fbq) return
  if (params) window.fbq('track', name, params)
  else window.fbq('track', name)
}

/** A reservation made: value party size × 30, currency GBP. */
export function trackLead(partySize: number, date: string) {
  trackEvent('Lead', { value: partySize * LEAD_VALUE_PER_GUEST, currency: 'GBP', partySize, date })
}

/** The CSP nonce the server gave this page's scripts (readable from the element's property). */
function pageNonce(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]')
  return script?.nonce || script?.getAttribute('nonce') || undefined
}

/**
 * Loads the Meta Pixel once (the standard queueing stub, then the script with
 * the page's nonce) and grants consent. Only called after 'Accept All' with a
 * configured pixel id.
 */
export function loadPixel(pixelId: string) {
  if (typeof window === 'undefined' || window.fbq) {
    window.fbq?.('consent', 'grant')
    return
  }
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args)
    else fbq.queue!.push(args)
  }
  // The official snippet's shape: fbevents.js drains `queue` and replaces callMethod.
  Object.assign(fbq, { push: fbq, loaded: true, version: '2.0', queue: [] })
  window.fbq = fbq
  window._fbq = fbq
  const script = document.createElement('script')
  script.async = true
  script.src = PIXEL_SCRIPT_URL
  const nonce = pageNonce()
  if (nonce) script.nonce = nonce
  document.head.appendChild(script)
  fbq('consent', 'grant')
  fbq('init', pixelId)
  fbq('track', 'PageView')
}

/** Revokes tracking consent if the pixel is on the page. */
export function revokePixelConsent() {
  if (typeof window !== 'undefined') window.fbq?.('consent', 'revoke')
}
