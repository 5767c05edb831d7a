/** The public navigation (SPEC.md section 2), in order. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/menu', label: 'Menu' },
  { to: '/cocktails', label: 'Cocktails' },
  { to: '/events', label: 'Events' },
  { to: '/christmas', label: 'Christmas' },
  { to: '/private-hire', label: 'Private Hire' },
  { to: '/contact', label: 'Contact' },
] as const

export const POLICY_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/cookies-policy', label: 'Cookies Policy' },
  { to: '/accessibility', label: 'Accessibility' },
] as const

/** The nav turns dark once the page has scrolled more than this (SPEC.md section 9). */
export const NAV_SCROLL_THRESHOLD = 50
