import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['{server,common,app}/**/*.test.{ts,tsx}', 'tests/{api,unit}/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup-file.ts'],
    pool: 'forks',
    // Files share a worker's modules instead of loading the whole server again for each of 89 files: module
    // loading took 88 s of the run's CPU, 16 s so. Every file makes its own app, database and clock
    // (tests/helpers/app.ts), and what it starts goes when it ends (tests/helpers/after-file.ts). 141 s → 101 s.
    isolate: false,
    // Three test files at a time on CI's two cores: most of a file's time is spent waiting on
    // PostgreSQL, the mail server or a timer, so a third process keeps both cores busy (253 s → 129 s).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: process.env.TZ ?? 'UTC' },
  },
})
