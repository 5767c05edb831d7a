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
]

/**
 * A phone on HTTP/1.1 opens six connections per host: two dozen tiny shared
 * chunks queue the stylesheet and the hero image behind them. Group the
 * framework and the site frame into two chunks; route modules stay split.
 */
function manualChunks(id: string): string | undefined {
  if (/node_modules\/(?:react|react-dom|scheduler|react-router)\//.test(id)) return 'framework'
  if (SITE_MODULES.some((m) => id.includes(m))) return 'site'
  return undefined
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    // Inline nothing as data: URLs; the CSP allows 'self' and data: for fonts and images only.
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks } },
  },
  server: {
    hmr: true,
  },
}))
