// `npm test`: type-check, lint, unit and API tests, a production build, then
// the browser tests. Stops at the first failing step.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const bin = (name) => path.resolve('node_modules/.bin', name)
const steps = [
  ['Type-check', bin('react-router'), ['typegen']],
  ['Type-check', bin('tsc'), ['--noEmit']],
  ['Lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['Unit and API tests', bin('vitest'), ['run']],
  ['Production build', process.execPath, ['scripts/build.mjs']],
  ['Browser tests', bin('playwright'), ['test']],
]

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
console.log('\nAll checks passed.')
