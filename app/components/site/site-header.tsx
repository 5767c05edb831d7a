import { Clock, MapPin, Menu as MenuIcon, Phone, X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { telHref, useSiteData } from '~/lib/site-data'
import { cx as cn } from '~/lib/cx'
import { NAV_LINKS, NAV_SCROLL_THRESHOLD } from './nav-links'
import { useScrolledPast } from './use-scrolled'
import { WheatsheafMark } from './wheatsheaf-mark'

type SiteHeaderProps = {
  /** The page starts with a dark hero under the nav: the bar is transparent until scrolled. */
  overHero: boolean
  /** Push the bar down below the countdown bar (home). */
  belowCountdown: boolean
  menuOpen: boolean
  onMenuOpenChange: (open: boolean) => void
}

/**
 * The public navigation bar (SPEC.md section 2): links, 'Book Table', dark
 * once scrolled past 50 px; under md a toggle opens the full-screen menu.
 */
export function SiteHeader({ overHero, belowCountdown, menuOpen, onMenuOpenChange }: SiteHeaderProps) {
  const { venue } = useSiteData()
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD)
  const dark = scrolled || menuOpen
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const location = useLocation()

  // A new page closes the menu.
  useEffect(() => {
    onMenuOpenChange(false)
  }, [location.pathname, onMenuOpenChange])

  const tone = dark ? 'dark' : overHero ? 'hero' : 'light'
  return (
    <header
      data-testid="site-nav"
      data-tone={tone}
      className={cn(
        'fixed inset-x-0 z-40 transition-[background-color,box-shadow,color] duration-300',
        belowCountdown ? 'top-10 [--nav-bottom:6.5rem]' : 'top-0 [--nav-bottom:4rem]',
        tone === 'dark' && 'bg-forest text-cream shadow-lg shadow-black/20',
        tone === 'hero' && 'bg-gradient-to-b from-black/60 to-transparent text-cream',
        tone === 'light' && 'border-b border-border bg-background/95 text-foreground',
      )}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="mr-auto flex items-center gap-2.5 rounded-sm">
          <WheatsheafMark className={cn('h-9 w-7', tone === 'light' ? 'text-oak' : 'text-brass-light')} />
          <span className="flex flex-col leading-none">
            <span className="font-display text-lg font-semibold tracking-tight sm:text-xl">{venue.venue_name}</span>
            <span className={cn('text-xs uppercase tracking-[0.2em]', tone === 'light' ? 'text-muted-foreground' : 'opacity-85')}>
              {venue.venue_town}
            </span>
          </span>
          <span className="sr-only">, home</span>
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                className={({ isActive }) =>
                  cn(
                    'rounded-sm px-2.5 py-2 text-[0.95rem] font-semibold underline-offset-[6px] decoration-2 hover:underline',
                    isActive && 'underline decoration-brass',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <Link
          to="/booking"
          className="hidden rounded-md bg-brass px-4 py-2 text-sm font-bold text-forest-dark shadow-sm transition-colors hover:bg-brass-light sm:inline-flex"
        >
          Book Table
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-md lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => onMenuOpenChange(!menuOpen)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <MenuIcon className="size-6" aria-hidden="true" />}
          <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>

      <MobileMenu id={menuId} open={menuOpen} onClose={() => onMenuOpenChange(false)} toggleRef={toggleRef} />
    </header>
  )
}

type MobileMenuProps = {
  id: string
  open: boolean
  onClose: () => void
  toggleRef: React.RefObject<HTMLButtonElement | null>
}

/** The small-screen menu: every link, the phone number, opening hours and a maps link. */
function MobileMenu({ id, open, onClose, toggleRef }: MobileMenuProps) {
  const { venue, hours, kitchenNote } = useSiteData()
  const panelRef = useRef<HTMLDivElement>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (open) {
      panelRef.current?.querySelector<HTMLElement>('a')?.focus()
      document.body.style.overflow = 'hidden'
    } else if (wasOpen.current) {
      document.body.style.overflow = ''
      // Only return focus when the menu was closed in place (not by following a link).
      if (panelRef.current?.contains(document.activeElement) || document.activeElement === document.body) {
        toggleRef.current?.focus()
      }
    }
    wasOpen.current = open
  }, [open, toggleRef])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose()
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onClose, toggleRef])

  return (
    <div
      id={id}
      ref={panelRef}
      hidden={!open}
      className="fixed inset-x-0 bottom-0 top-[var(--nav-bottom)] overflow-y-auto bg-forest text-cream lg:hidden"
    >
      <div className="mx-auto max-w-md px-6 pb-10 pt-4">
        <ul className="divide-y divide-cream/15 border-b border-cream/15">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={onClose}
                className={({ isActive }) =>
                  cn('block py-3 font-display text-2xl', isActive ? 'text-brass-light' : 'hover:text-brass-light')
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link
          to="/booking"
          onClick={onClose}
          className="mt-6 flex h-12 items-center justify-center rounded-md bg-brass font-bold text-forest-dark hover:bg-brass-light"
        >
          Book Table
        </Link>

        <div className="mt-8 space-y-6 text-[0.95rem]">
          <a href={telHref(venue.venue_phone)} className="flex items-center gap-3 font-semibold hover:text-brass-light">
            <Phone className="size-5 text-brass-light" aria-hidden="true" />
            <span>
              <span className="sr-only">Call us on </span>
              {venue.venue_phone}
            </span>
          </a>
          <section aria-labelledby={`${id}-hours`}>
            <h2 id={`${id}-hours`} className="flex items-center gap-3 font-sans text-base font-semibold">
              <Clock className="size-5 text-brass-light" aria-hidden="true" />
              Opening hours
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pl-8">
              {hours.map((line) => (
                <div key={line.day} className="contents">
                  <dt className="opacity-85">{line.day}</dt>
                  <dd className="text-right">{line.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 pl-8 text-sm opacity-85">{kitchenNote}</p>
          </section>
          <a
            href={venue.venue_maps_url}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 font-semibold hover:text-brass-light"
          >
            <MapPin className="size-5 text-brass-light" aria-hidden="true" />
            <span>
              Find us on the map<span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        </div>
      </div>
    </div>
  )
}
