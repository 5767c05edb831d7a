// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server in this process.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
buildIfNeeded(buildDir)

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
