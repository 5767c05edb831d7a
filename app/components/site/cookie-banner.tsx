import { X } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { WholeEnd } from '~/components/ui/whole-end'
import { loadPixel, revokePixelConsent } from '~/lib/analytics'
import { CONSENT_EVENT, isConsentExemptPath, readConsent, type ConsentValue } from '~/lib/consent'

/** Grants or revokes tracking for a stored choice; the pixel loads only on 'accepted' with an id. */
function applyConsent(value: ConsentValue | null, pixelId: string | null) {
  if (value === 'accepted' && pixelId) loadPixel(pixelId)
  else if (value === 'rejected') revokePixelConsent()
}

/**
 * The cookie banner (SPEC.md section 4): shown while no choice is stored,
 * never on /admin or /login; the stored choice is re-applied on every route
 * change.
 *
 * The choice lives in localStorage, which the server cannot read, so every
 * public page is rendered with the banner, and it shows with the page's first
 * paint where no choice is stored: before the page's script, the stylesheet
 * hides it unless the head's consent script (root.tsx) marked the document
 * `data-consent-pending`. That script also answers the buttons, before and
 * after hydration alike (one path, so no click can fall between the two), and
 * tells this component, which applies the choice and unmounts the banner. So a
 * first-time visitor on a slow phone sees the banner, and can answer it, with
 * the first paint instead of having it pop up over the page a second later; a
 * page without script shows none (without script nothing tracks).
 */
export function CookieBanner({ pixelId }: { pixelId: string | null }) {
  const { pathname } = useLocation()
  const [visible, setVisible] = useState(() => !isConsentExemptPath(pathname))

  // Read and listen in one step, before the browser paints: a choice made at any moment, before
  // the page hydrated or after, is either already stored here or heard.
  useLayoutEffect(() => {
    const stored = readConsent()
    applyConsent(stored, pixelId)
    setVisible(stored === null && !isConsentExemptPath(pathname))
    const chosen = (event: Event) => {
      applyConsent((event as CustomEvent<ConsentValue>).detail, pixelId)
      setVisible(false)
    }
    document.addEventListener(CONSENT_EVENT, chosen)
    return () => document.removeEventListener(CONSENT_EVENT, chosen)
  }, [pathname, pixelId])

  // While it shows, the page keeps what has focus above it: a field tabbed to is scrolled clear
  // of the banner, not left underneath (scroll-padding also moves focus scrolling).
  const banner = useRef<HTMLElement>(null)
  useEffect(() => {
    const el = banner.current
    if (!visible || !el) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${window.innerHeight - el.getBoundingClientRect().top + 16}px`
    })
    observer.observe(el)
    return () => {
      observer.disconnect()
      root.style.scrollPaddingBottom = ''
    }
  }, [visible])

  if (!visible) return null

  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-lg border border-brass/60 bg-forest p-4 pr-12 text-cream sm:p-5 sm:pr-12 shadow-2xl sm:inset-x-6 sm:bottom-6"
      data-testid="cookie-banner"
      data-cookie-banner=""
      data-whole=""
    >
      <h2 id="cookie-banner-title" className="font-display text-lg font-semibold">
        Cookies at the Inn
      </h2>
      <p className="mt-1 text-sm text-cream/90">
        We use essential cookies to run this site. With your permission we also use advertising cookies to
        see which of our offers reach you. Read our{' '}
        <Link to="/cookies-policy" className="font-semibold text-brass-light underline underline-offset-2">
          Cookies Policy
        </Link>
        .
      </p>
      <div className="mt-3 flex flex-wrap gap-3 sm:mt-4">
        <button
          type="button"
          data-consent-choice="accepted"
          className="inline-flex h-10 items-center rounded-md bg-brass px-5 text-sm font-bold text-forest-dark hover:bg-brass-light"
        >
          Accept All
        </button>
        <button
          type="button"
          data-consent-choice="rejected"
          className="inline-flex h-10 items-center rounded-md border border-cream/60 px-5 text-sm font-bold hover:bg-cream/10"
        >
          Reject
        </button>
      </div>
      <button
        type="button"
        data-consent-choice="rejected"
        className="absolute right-2 top-2 inline-flex size-10 items-center justify-center rounded-md hover:bg-cream/10"
      >
        <X className="size-5" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
      <WholeEnd />
    </section>
  )
}
