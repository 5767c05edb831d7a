// `npm run test:e2e`: a production build, then the browser tests (arguments go to Playwright:
// `npm run test:e2e -- booking` runs the booking tests only).
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
run(process.execPath, ['scripts/build.mjs'])
run(path.resolve('node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)])
