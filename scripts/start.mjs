// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server in this process.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const stamp = path.join(buildDir, '.stamp')
const SOURCES = ['app', 'server', 'common', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const stat = fs.statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
if (!builtAt || changedAt > builtAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…')
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
}

process.env.NODE_ENV = 'production'
if (!process.env.SESSION_SECRET) {
  // Production requires SESSION_SECRET. For a local `npm start` without one, keep
  // a generated secret in DATA_DIR so sessions survive restarts; set it for real deployments.
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')
  const file = path.join(dataDir, 'session-secret')
  fs.mkdirSync(dataDir, { recursive: true })
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 })
  process.env.SESSION_SECRET = fs.readFileSync(file, 'utf8').trim()
  console.log(`SESSION_SECRET is not set: using the one kept in ${path.relative(root, file)}.`)
}
await import(pathToFileURL(path.join(buildDir, 'server-entry.js')).href)
