import { defineConfig } from '@playwright/test'

/**
 * `npm run faults`: the fault tests on real processes (see docs/reliability.md):
 * the production build on a real PostgreSQL, no browser and no shared web
 * server. tests/faults/ holds those too long for `npm test`; the SIGKILL test
 * of tests/e2e/process.spec.ts runs in both.
 */
export default defineConfig({
  testDir: 'tests',
  timeout: 240_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/faults',
  projects: [
    { name: 'crash', testMatch: 'e2e/process.spec.ts', grep: /SIGKILL/ },
    { name: 'faults', testMatch: 'faults/**/*.spec.ts' },
  ],
})
