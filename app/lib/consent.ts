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
