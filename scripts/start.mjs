// `npm start`: builds when the build is missing or older than the sources,
// then runs the production server in this process.
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)

/** Whether another program holds the port (a running app, say), tried by listening on it for a moment. */
function portInUse(port) {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', (error) => resolve(error.code === 'EADDRINUSE'))
    probe.listen(port, () => probe.close(() => resolve(false)))
  })
}
// The server refuses such a port too, but only after the build below: a rebuild beside an app still running
// (a `git pull`, then `npm start` again) would be work for nothing (it keeps that app's script files, decision 48).
// A PORT that is no port is left to the server's settings check.
const port = Number(process.env.PORT || 3000)
if (Number.isInteger(port) && port > 0 && port < 65536 && (await portInUse(port))) {
  console.error(`Port ${port} is in use by another program: stop it, or set PORT to a free port.`)
  process.exit(1)
}

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
