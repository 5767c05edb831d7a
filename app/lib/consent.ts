/** Cookie consent (SPEC.md section 4): localStorage `cookieConsent` is unset, 'accepted' or 'rejected'. */

export const CONSENT_KEY = 'cookieConsent'
const CONSENT_VALUES = ['accepted', 'rejected'] as const
export type ConsentValue = (typeof CONSENT_VALUES)[number]
const isConsentValue = (value: string | null): value is ConsentValue => CONSENT_VALUES.some((v) => v === value)

export function readConsent(): ConsentValue | null {
  if (typeof window === 'undefined') return null
  try {
    const value = window.localStorage.getItem(CONSENT_KEY)
    return isConsentValue(value) ? value : null
  } catch {
    return null
  }
}

/** Routes where the banner never shows (staff pages). */
export function isConsentExemptPath(pathname: string): boolean {
  return /^\/(?:admin|login)(?:\/|$)/.test(pathname)
}

/** The event the consent script sends on `document` when a choice is made on the banner (its detail is the choice). */
export const CONSENT_EVENT = 'cookie-consent'

/**
 * Run in the head of every page, before its body is parsed. It answers the
 * cookie banner (cookie-banner.tsx) whether or not the page has hydrated yet,
 * so a visitor can answer it from the first paint:
 * - it marks the document `data-consent-pending` when no choice is stored; the
 *   stylesheet shows the banner only then (app.css). Storage that cannot be
 *   read counts as no choice, as readConsent does;
 * - a click on one of the banner's buttons (`data-consent-choice`) stores the
 *   choice, clears the mark (the banner hides at once) and tells the page
 *   (CONSENT_EVENT), which applies the choice once it has hydrated.
 */
export const CONSENT_SCRIPT = `(function () {
  var root = document.documentElement
  try {
    var c = localStorage.getItem(${JSON.stringify(CONSENT_KEY)})
    if (${JSON.stringify(CONSENT_VALUES)}.indexOf(c) === -1) root.dataset.consentPending = ''
  } catch (e) {
    root.dataset.consentPending = ''
  }
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('[data-consent-choice]')
    if (!button) return
    var choice = button.getAttribute('data-consent-choice')
    try {
      localStorage.setItem(${JSON.stringify(CONSENT_KEY)}, choice)
    } catch (e) {}
    delete root.dataset.consentPending
    document.dispatchEvent(new CustomEvent(${JSON.stringify(CONSENT_EVENT)}, { detail: choice }))
  })
})()`
