// `npm run faults`: every fault test (docs/reliability.md), then a pass/fail line per fault with
// what each measured. A production build first; each step runs even when an earlier one failed.
import { spawn } from 'node:child_process'
import path from 'node:path'

const bin = (name) => path.resolve('node_modules/.bin', name)
const pw = (grep) => [bin('playwright'), ['test', '-c', 'playwright.faults.config.ts', '-g', grep]]
const steps = [
  { name: 'Production build', run: [process.execPath, ['scripts/build.mjs']] },
  { name: 'App killed with SIGKILL mid-stream of bookings', run: pw('SIGKILL mid-stream') },
  { name: 'App and its PostgreSQL killed while the mail server holds a message', run: pw('while the mail server holds') },
  { name: 'Health while four 200 MB page posts and a PDF bomb arrive', run: pw('under 50 ms p99 while') },
  { name: 'External PostgreSQL stopped and started under load', run: pw('PostgreSQL is down') },
  { name: 'SMTP server down and back (tests/api/email.test.ts)', run: [bin('vitest'), ['run', 'tests/api/email.test.ts', '-t', 'when the mail server is down']] },
  { name: 'Full disk under the uploads folder (tests/api/full-disk.test.ts)', run: [bin('vitest'), ['run', 'tests/api/full-disk.test.ts']] },
  { name: 'Backup while booking, damage, restore', run: pw('a backup taken while bookings') },
]
// The lines the tests print with their measurements.
const MEASURED = /^(SIGKILL mid-stream|Crash mid-send|Health under attack|PostgreSQL restart|Backup and restore):.*/gm
/** What Playwright and Vitest print when tests passed: a step whose filter matched nothing has no such line. */
const RAN_TESTS = /\b[1-9]\d* passed\b/

/** Runs one step with its output shown as it comes; resolves to its exit code, output and seconds. */
function runStep([command, args]) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk
        process.stdout.write(chunk)
      })
    }
    child.on('close', (code) => resolve({ code, output, seconds: (Date.now() - started) / 1000 }))
  })
}

const results = []
for (const step of steps) {
  console.log(`\n▶ ${step.name}`)
  const result = await runStep(step.run)
  // A filter that matches no test (a test renamed) must fail, not pass with nothing run.
  const plain = result.output.replace(/\x1b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex
  if (step.name !== 'Production build' && result.code === 0 && !RAN_TESTS.test(plain)) {
    console.log(`✖ ${step.name}: its filter matched no test`)
    result.code = 1
  }
  results.push({ ...step, ...result })
  if (step.name === 'Production build' && result.code !== 0) break
}

console.log('\nFault tests')
for (const { name, code, seconds, output } of results) {
  console.log(`${code === 0 ? '✔ pass' : '✖ FAIL'}  ${name} (${seconds.toFixed(1)} s)`)
  // Without the terminal's colour codes.
  // eslint-disable-next-line no-control-regex
  for (const line of output.replace(/\x1b\[[0-9;]*m/g, '').match(MEASURED) ?? []) console.log(`        ${line}`)
}
const failed = results.filter((r) => r.code !== 0).length
console.log(`\n${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
