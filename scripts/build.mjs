// Production build: the React Router app (client + SSR bundle), then the
// Express entry bundled beside it as <build>/server-entry.js.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const bin = (name) => path.resolve('node_modules/.bin', name)

execFileSync(bin('react-router'), ['build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })

await build({
  entryPoints: ['server/index.ts'],
  outfile: path.join(buildDir, 'server-entry.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
fs.writeFileSync(path.join(buildDir, '.stamp'), new Date().toISOString())
console.log(`Built into ${path.relative(process.cwd(), buildDir) || '.'}`)
