// Serves the production build on a throwaway data directory for the browser tests.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'pub-e2e-'))
Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '3100',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'e2e-session-secret-e2e-session-secret',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Tests that need a fixed date (the 31st, a clock change) send X-Test-Now with their requests.
  TEST_CLOCK_HEADER: 'true',
  // The one production process allowed the test clock (server/config.ts refuses it otherwise).
  E2E_TEST_SERVER: 'true',
  // The engine books tables once one exists: the browser tests keep the covers rules unless a test draws a plan.
  DEMO_PLAN: 'false',
  // Every browser test books from 127.0.0.1, most with the same test phone, on the same few Saturdays: the
  // limits of one guest and one address on a date, and the challenge past a few attempts an hour (decision 21),
  // are tested by tests/api/guest-limits.test.ts, and the form's background challenge by
  // tests/e2e/booking-challenge.spec.ts on a server of its own that always requires it.
  BOOKINGS_PER_GUEST_PER_DATE: process.env.BOOKINGS_PER_GUEST_PER_DATE ?? '10000',
  BOOKINGS_PER_ADDRESS_PER_DATE: process.env.BOOKINGS_PER_ADDRESS_PER_DATE ?? '10000',
  CHALLENGE_AFTER_PER_ADDRESS: process.env.CHALLENGE_AFTER_PER_ADDRESS ?? '100000',
  CHALLENGE_AFTER_SITE: process.env.CHALLENGE_AFTER_SITE ?? '100000',
})
delete process.env.DATABASE_URL
const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true })
process.on('exit', cleanUp)
await import(pathToFileURL(path.join(buildDir, 'server-entry.js')).href)
