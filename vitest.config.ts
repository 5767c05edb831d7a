import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The longest files first (each takes half a minute or more alone): started last, as a fresh clone with
 * no timings ordered them, the fuzz file (then a minute long) ran on alone for half a minute after the others ended.
 */
const LONGEST = ['tests/api/fuzz.test.ts', 'tests/api/email.test.ts', 'tests/api/guards.test.ts']
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(name))
      return at === -1 ? LONGEST.length : at
    }
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b))
  }
}

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
    sequence: { sequencer: LongestFirst },
    // Four test files at a time on CI's two cores: most of a file's time is spent waiting on
    // PostgreSQL, the mail server or a timer, so more processes than cores keep both busy (two
    // workers 253 s, three 129 s). On a slower host (raw node:http 24,600 req/s) three took
    // 142-145 s and four 100-116 s in four runs; with a busy loop taking one core, four still
    // passed in 156 and 170 s, the fuzz suite's event-loop limits and the email median included.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: process.env.TZ ?? 'UTC' },
  },
})
