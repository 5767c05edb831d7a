/** Cookie consent (SPEC.md section 4): localStorage `cookieConsent` is unset, 'accepted' or 'rejected'. */

export const CONSENT_KEY = 'cookieConsent'
export type ConsentValue = 'accepted' | 'rejected'

export function readConsent(): ConsentValue | null {
  if (typeof window === 'undefined') return null
  try {
    const value = window.localStorage.getItem(CONSENT_KEY)
    return value === 'accepted' || value === 'rejected' ? value : null
  } catch {
    return null
  }
}

export function writeConsent(value: ConsentValue) {
  try {
    window.localStorage.setItem(CONSENT_KEY, value)
  } catch {
    // Private mode or storage full: the choice still applies to this page view.
  }
}

/** Routes where the banner never shows (staff pages). */
export function isConsentExemptPath(pathname: string): boolean {
  return /^\/(?:admin|login)(?:\/|$)/.test(pathname)
}

/**
 * Run in the head of every page, before its body is parsed, so the server-rendered
 * cookie banner works before the page's script has loaded (cookie-banner.tsx):
 * - it marks the document `data-consent-pending` when no choice is stored, and only
 *   then does the stylesheet show the banner in the first paint (app.css); storage
 *   that cannot be read counts as no choice, as readConsent does;
 * - a tap on one of the banner's buttons (`data-consent-choice`) stores the choice
 *   and hides the banner at once. Once the page has hydrated the banner's own
 *   handlers do the same, and the stored choice is applied then.
 */
export const CONSENT_SCRIPT = `(function () {
  var root = document.documentElement
  try {
    var c = localStorage.getItem(${JSON.stringify(CONSENT_KEY)})
    if (c !== 'accepted' && c !== 'rejected') root.dataset.consentPending = ''
  } catch (e) {
    root.dataset.consentPending = ''
  }
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('[data-consent-choice]')
    if (!button || root.dataset.hydrated) return
    try {
      localStorage.setItem(${JSON.stringify(CONSENT_KEY)}, button.getAttribute('data-consent-choice'))
    } catch (e) {}
    delete root.dataset.consentPending
  })
})()`
