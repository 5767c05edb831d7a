import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('booking', 'routes/booking.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('login', 'routes/login.tsx'),
  route('admin', 'routes/admin.tsx'),
] satisfies RouteConfig
