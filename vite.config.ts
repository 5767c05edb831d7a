import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    // Inline nothing as data: URLs; the CSP allows 'self' and data: for fonts and images only.
    assetsInlineLimit: 0,
  },
  server: {
    hmr: true,
  },
})
