import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The whole route manifest comes with the first page (18 routes, about 1 KB gzip) instead of
  // being fetched for each link in view: no /__manifest requests, none left half-done (and logged
  // as "Failed to fetch manifest patches") when a visitor moves on before they answer.
  routeDiscovery: { mode: 'initial' },
  // BUILD_DIR lets parallel test runs build side by side; the default is ./build.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
