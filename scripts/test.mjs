// `npm test`: the route types, then type-check, lint and a production build
// (at once: each keeps about one core busy), then the unit and API tests,
// then the browser tests. Stops at the first failing step.
import { spawn } from 'node:child_process'
import path from 'node:path'

const bin = (name) => path.resolve('node_modules/.bin', name)

/** Runs one command; with `quiet`, its output is kept and printed once it ends (so steps run at once do not interleave). */
function run(name, commands, { quiet = false } = {}) {
  const started = Date.now()
  return new Promise((resolve) => {
    let output = ''
    const next = ([command, args], rest) => {
      if (!quiet) console.log(`\n▶ ${name}: ${path.basename(command)} ${args.join(' ')}`)
      const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
      child.stdout?.on('data', (d) => (output += d))
      child.stderr?.on('data', (d) => (output += d))
      child.on('close', (code, signal) => {
        if (code === 0 && rest.length > 0) return next(rest[0], rest.slice(1))
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        if (quiet) console.log(`\n▶ ${name}: ${commands.map(([c, a]) => `${path.basename(c)} ${a.join(' ')}`).join(' && ')}\n${output.trimEnd()}`)
        if (code === 0) console.log(`✔ ${name} (${seconds} s)`)
        else console.error(`\n✖ ${name} failed (exit ${code ?? signal})`)
        resolve(code ?? 1)
      })
    }
    next(commands[0], commands.slice(1))
  })
}

// The route types first: the build must not write them while tsc reads them.
if ((await run('Route types', [[bin('react-router'), ['typegen']]])) !== 0) process.exit(1)
const checks = await Promise.all([
  run('Type-check', [[bin('tsc'), ['--noEmit']]], { quiet: true }),
  run('Lint', [[bin('eslint'), ['.', '--max-warnings=0']]], { quiet: true }),
  run('Production build', [[process.execPath, ['scripts/build.mjs']]], { quiet: true }),
])
if (checks.some((code) => code !== 0)) process.exit(checks.find((code) => code !== 0))

for (const [name, command, args] of [
  ['Unit and API tests', bin('vitest'), ['run']],
  ['Browser tests', bin('playwright'), ['test']],
]) {
  const code = await run(name, [[command, args]])
  if (code !== 0) process.exit(code)
}
console.log('\nAll checks passed.')
