import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('menu', 'routes/menu.tsx'),
    route('cocktails', 'routes/cocktails.tsx'),
    route('events', 'routes/events.tsx'),
    route('events/:idOrSlug', 'routes/event.tsx'),
    route('christmas', 'routes/christmas.tsx'),
    route('private-hire', 'routes/private-hire.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-conditions', 'routes/terms-conditions.tsx'),
    route('cookies-policy', 'routes/cookies-policy.tsx'),
    route('accessibility', 'routes/accessibility.tsx'),
    route('booking', 'routes/booking.tsx'),
    route('booking/manage/:token', 'routes/manage-booking.tsx'),
    route('booking/confirm/:token', 'routes/confirm-booking.tsx'),
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('login', 'routes/login.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password/:token', 'routes/reset-password.tsx'),
  route('admin', 'routes/admin.tsx'),
] satisfies RouteConfig
