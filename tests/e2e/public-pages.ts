/** Every public page (one event page stands for all), the staff sign-in page and a page that does not exist. */
export const PUBLIC_PAGES = [
  '/',
  '/menu',
  '/cocktails',
  '/events',
  '/events/acoustic-friday-the-hadham-folk-trio',
  '/christmas',
  '/private-hire',
  '/contact',
  '/booking',
  '/login',
  '/privacy-policy',
  '/terms-conditions',
  '/cookies-policy',
  '/accessibility',
  '/no-such-page',
]
