import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/**
 * A Chromium the machine has (CHROMIUM_PATH; Debian's headless shell; Debian's full browser), else Playwright's own.
 * The headless shell is the same engine without the desktop browser's windows: Chromium 156's full browser, run
 * headless, starts renderers for its own toolbar in every window, and the browser tests took 3.3 minutes where
 * the shell takes 1.8 (auth and axe specs, on this two-core machine); it is what Playwright itself runs headless.
 */
function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ]
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p)))
}

/**
 * Whether /dev/shm has room for Chromium's shared memory (a gigabyte free). Playwright tells Chromium to keep it
 * in /tmp instead, for Docker's 64 MB /dev/shm; where /dev/shm is large, as on this machine's 24 GB, /tmp on disk
 * only costs the kernel's time (the auth and axe specs: 106-108 s against 116-128 s).
 */
function sharedMemoryIsLarge(): boolean {
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm')
    return bavail * bsize >= 1024 ** 3
  } catch {
    return false
  }
}

const port = Number(process.env.E2E_PORT ?? 3100)
// The test server's throwaway data directory, named here so that tests can reach its
// database (tests/e2e/db.ts) for data no public screen can make yet. Workers inherit it.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pub-e2e-'))
/** The floor-plan tests' own server (see DRAWS_A_FLOOR_PLAN): the next port, its own data directory. */
const floorPort = port + 1
process.env.E2E_FLOOR_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pub-e2e-floor-'))
/** The content tests' own server (see CHANGES_PUBLIC_CONTENT): the port after, its own data directory. */
const contentPort = port + 2
process.env.E2E_CONTENT_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'pub-e2e-content-'))
/**
 * Browser tests that change the public site's content for a moment (they put it back): they talk to
 * a server of their own, so that the tests reading those pages never see a fourth hero slide, the
 * Sunday menu removed or the cocktail offer changed, and run from the start beside them.
 */
const CHANGES_PUBLIC_CONTENT = /admin-(hero-slides|menus|settings|cocktails)\.spec\.ts$/
/**
 * Browser tests that draw a floor plan for a moment (they delete it): while a plan has a table the
 * venue books tables, so they talk to a server of their own (every other test keeps the covers
 * rules), from the start of the run beside the others, and one at a time, as each one's bookings
 * would otherwise be seated at another's tables.
 */
const DRAWS_A_FLOOR_PLAN = /(admin-(tables|weather|timeline)|tonight)\.spec\.ts$/
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-123' }

export default defineConfig({
  testDir: 'tests/e2e',
  // Room for a machine whose two cores three browsers and three servers share (a clean-clone run took 17 minutes
  // there, and each run failed a different two to six long flows at 30 s, or a step at 7 s). The timeouts catch
  // hangs; speed is checked by the tests of its budgets (CLS, JavaScript, start-up) and by `npm run bench`.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Three workers everywhere, CI included: the suite's run time is part of what CI checks, and a
  // browser test mostly waits (on the server, on hydration, on a timer), so a third keeps two cores busy.
  workers: 3,
  // E2E_RETRIES: how many times a failed test is run again (CI: once; by default none). A test that passes on its
  // retry is reported as flaky, and .ci/run lists it at the end of the run: a fault to find, not a pass to forget.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // A click or a fill that waits for an element that never comes fails at its own line, in twice an assertion's
    // time, rather than at the test's limit, wherever the test then was (a `finally` block's clean-up, say).
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A trace records every action's page state as it runs (then kept only on failure): a cost every test
    // pays on a machine whose cores the suite already fills. E2E_TRACE=1 records them (npm run test:e2e -- --trace on, too).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      ignoreDefaultArgs: sharedMemoryIsLarge() ? ['--disable-dev-shm-usage'] : [],
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // `metadata.dataDir`: the data directory of the server the project's tests talk to (tests/e2e/db.ts, mail.ts).
    // The two projects on servers of their own come first: Playwright hands out the projects' files in this order,
    // and listed last, the floor-plan files (one at a time) started when the rest had ended and ran on alone, about
    // a minute with the other workers idle.
    // On their own server, one file at a time, beside everything else.
    {
      name: 'floor-plan',
      testMatch: DRAWS_A_FLOOR_PLAN,
      workers: 1,
      metadata: { dataDir: process.env.E2E_FLOOR_DATA_DIR },
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${floorPort}` },
    },
    // On their own server, beside everything else.
    {
      name: 'content',
      testMatch: CHANGES_PUBLIC_CONTENT,
      metadata: { dataDir: process.env.E2E_CONTENT_DATA_DIR },
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${contentPort}` },
    },
    { name: 'chromium', testIgnore: [CHANGES_PUBLIC_CONTENT, DRAWS_A_FLOOR_PLAN], metadata: { dataDir: process.env.E2E_DATA_DIR }, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: [
    testServer(port, process.env.E2E_DATA_DIR),
    testServer(floorPort, process.env.E2E_FLOOR_DATA_DIR),
    testServer(contentPort, process.env.E2E_CONTENT_DATA_DIR),
  ],
})

/** The production build on a throwaway data directory (tests/e2e/serve.mjs). */
function testServer(on: number, dataDir: string) {
  return {
    command: 'node tests/e2e/serve.mjs',
    url: `http://localhost:${on}/api/health`,
    reuseExistingServer: false,
    // Stop it as production is stopped, so that it stops its PostgreSQL and removes its data directory.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      E2E_PORT: String(on),
      E2E_DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  }
}
