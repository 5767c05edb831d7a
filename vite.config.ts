import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

/** Modules every public page loads: the site frame and what it imports (whole file names: '/common/settings' would also take in settings-schema and zod). */
const SITE_MODULES = [
  '/app/lib/nonce',
  '/app/lib/analytics',
  '/app/lib/consent',
  '/app/lib/site-data',
  '/app/lib/seo',
  '/app/components/site/',
  '/common/time.ts',
  '/common/settings.ts',
  '/common/constants.ts',
  '/common/hours-display.ts',
  '/common/countdown.ts',
  'node_modules/lucide-react/',
  // The small pieces most content pages share: a few hundred bytes each, one request for all.
  '/app/components/content/',
  '/app/components/ui/button-variants',
  '/app/components/ui/responsive-image',
  '/app/lib/artwork',
  '/artwork/manifest.json',
  // The toast store and the on-demand viewport (components/site/page-toaster): shared by the events pages and the providers.
  '/app/components/ui/toaster-demand',
  '/app/components/ui/use-toast',
  'node_modules/clsx/',
  'node_modules/class-variance-authority/',
]

/** What the booking form and the back-office share on top of the site frame. */
const FORM_MODULES = [
  'node_modules/tailwind-merge/',
  'node_modules/@radix-ui/react-compose-refs/',
  'node_modules/@radix-ui/react-primitive/',
  'node_modules/@radix-ui/react-slot/',
  '/app/lib/utils',
  '/app/components/ui/button.tsx',
  '/app/components/ui/input.tsx',
  '/app/components/ui/label.tsx',
]

/** TanStack Query and the providers that set it up: loaded together or not at all. */
const QUERY_MODULES = ['node_modules/@tanstack/', '/app/components/site/app-providers']

/**
 * The parts of TanStack Query only staff's pages use (mutations, infinite lists): a chunk of their own, so
 * the booking page, which loads the query chunk, does not fetch them (about 3 KB gzip).
 */
const STAFF_QUERY_MODULES = /@tanstack\/(?:react-query|query-core)\/build\/modern\/(?:useMutation|useMutationState|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/

/**
 * A phone on HTTP/1.1 opens six connections per host: two dozen tiny shared
 * chunks queue the stylesheet and the hero image behind them (and each answer
 * carries its headers). Group the framework, the site frame, the form kit and
 * TanStack Query into four chunks; route modules stay split.
 */
function manualChunks(id: string): string | undefined {
  if (/node_modules\/(?:react|react-dom|scheduler|react-router)\//.test(id)) return 'framework'
  if (STAFF_QUERY_MODULES.test(id)) return 'query-staff'
  // Before the site frame's folder rule: the providers live in components/site/ but load only with the query library.
  if (QUERY_MODULES.some((m) => id.includes(m))) return 'query'
  // The four policy pages' frame stays with them rather than in every page's site chunk (about 1.2 KB gzip).
  if (id.includes('/app/components/site/policy-page')) return undefined
  // Vite's helper for dynamic imports goes where root.tsx already looks (or a group it calls on would load with every page).
  if (SITE_MODULES.some((m) => id.includes(m)) || id.includes('vite/preload-helper')) return 'site'
  if (FORM_MODULES.some((m) => id.includes(m))) return 'forms'
  return undefined
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    // Inline nothing as data: URLs; the CSP allows 'self' and data: for fonts and images only.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks } },
  },
  // The server build bundles the icons it uses: left external, lucide-react's whole set (1,500 icons, about 35 MB) loads at start-up.
  ssr: { noExternal: ['lucide-react'] },
  server: {
    hmr: true,
  },
}))
