import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import express from 'express'
import { pino } from 'pino'
import type { ServerBuild } from 'react-router'
import { createApp } from './app'
import { openDatabase, prepareData } from './boot'
import { DataDirInUse } from './db/embedded'
import { CONTENT_CHANGES_CHANNEL, contentChangesOf } from './db/content-changes'
import { listenForNotifications } from './db/notifications'
import { survivesTheDatabaseAway } from './db/unavailable'
import { SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL } from '#common/live'
import { loadConfigOrExit } from './config'
import { systemClock, type Deps } from './deps'
import { startWorker } from './jobs/worker'
import { createAppServer } from './http/app-server'
import { precompressedAssets } from './http/precompressed'
import { TOUCH_ICON_NAMES } from './http/security'
import { pagesHandler } from './pages'
import { announceSiteAddress } from './settings/site-address'
import { tuneV8 } from './v8-tuning'

/**
 * The touch icon's other names, answered with its one file: older iOS and crawlers try
 * "-precomposed" first, and some ask for a size ("-120x120"); the 180 px icon serves every size
 * (security.ts gives them a file's headers).
 */
const rootFileAlias = (name: string) => (TOUCH_ICON_NAMES.test(name) ? '/apple-touch-icon.png' : undefined)

const SHUTDOWN_GRACE_MS = 10_000

/** The process entry: configuration, database, app, and a clean stop on SIGINT/SIGTERM. */
async function main() {
  // A signal that comes while the app starts waits for the start to finish (or fail), and then stops it cleanly.
  // Node's default would end the process mid-start and leave the embedded PostgreSQL running without it, for the
  // next start to find and stop (1.5 s of that start). A second signal meanwhile ends the process at once.
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  tuneV8()
  const startedAt = performance.now()
  const config = loadConfigOrExit()
  starting.port = config.port
  const dev = process.argv.includes('--dev')
  const logger = pino({ level: config.logLevel })
  survivesTheDatabaseAway(logger)
  // In production this file is bundled to <build>/server-entry.js beside the React Router build.
  const buildDir = path.dirname(fileURLToPath(import.meta.url))
  const serverBuild = path.join(buildDir, 'server/index.js')
  if (!dev && !fs.existsSync(serverBuild)) {
    console.error(`No production build at ${serverBuild}: run npm run build (npm start does it for you).`)
    process.exit(1)
  }
  const database = await openDatabase(config, logger)
  // A start that fails from here on closes what it opened, and stops the embedded PostgreSQL it started
  // rather than leaving it behind.
  starting.stop = () => database.close()
  const deps: Deps = { db: database.db, config, clock: systemClock, logger }
  await prepareData(database.db, config, systemClock, logger)

  const assets: express.RequestHandler[] = []
  let build: ServerBuild | (() => Promise<ServerBuild>)
  let vite: { close: () => Promise<void> } | undefined
  if (dev) {
    const { createServer } = await import('vite')
    const server = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
    vite = server
    assets.push(server.middlewares as unknown as express.RequestHandler)
    build = () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  } else {
    build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild
    const client = path.join(buildDir, 'client')
    const files = express.Router()
    // Hashed build output never changes under its name.
    // Scripts and styles in the compressed copies the build wrote, then anything else as it is.
    files.use('/assets', precompressedAssets(path.join(client, 'assets'), { maxAge: '1y' }))
    files.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: '1y', index: false }))
    // Artwork in public/images keeps its name between releases: a week, not forever.
    files.use('/images', express.static(path.join(client, 'images'), { maxAge: '7d', index: false }))
    // Files at the build's root (public/'s icons), by name: a page's path is not looked for on disk.
    const rootFiles = new Set(fs.readdirSync(client, { withFileTypes: true }).flatMap((entry) => (entry.isFile() ? [`/${entry.name}`] : [])))
    if (rootFiles.size) {
      const rootFile = express.static(client, { index: false, maxAge: '1h' })
      files.use((req, res, next) => {
        const alias = rootFileAlias(req.path)
        if (alias && rootFiles.has(alias)) req.url = alias
        return rootFiles.has(req.path) ? rootFile(req, res, next) : next()
      })
    }
    assets.push(files)
  }

  if (config.testClockHeader) logger.warn('TEST_CLOCK_HEADER is on: requests may set the clock. Browser tests only.')
  // One listener on the database per instance: the page cache's content changes and the staff screens' live changes.
  const notifications = listenForNotifications(database.db.$client.options.connectionString!, logger, [CONTENT_CHANGES_CHANNEL, SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL])
  starting.stop = async () => {
    await notifications.close()
    await database.close()
  }
  // Rendered public pages are cached in production, dropped whenever their content changes.
  const contentChanges = dev ? undefined : contentChangesOf(notifications)
  const { app, services } = createApp(deps, { assets, pages: pagesHandler(build, deps, contentChanges), contentChanges, notifications })
  const server = createAppServer(app)
  await new Promise<void>((resolve, reject) => {
    // A port another program holds (EADDRINUSE) fails the start (main's catch) instead of throwing from the event.
    server.once('error', reject)
    server.listen(config.port, () => {
      server.off('error', reject)
      resolve()
    })
  })
  // Emails, and the scheduled housekeeping, run on the job queue inside this process: started once the port is
  // this app's, so that a start that fails has no job in hand (its bookings' emails wait in the outbox meanwhile).
  const worker = await startWorker(deps, services)
  starting.stop = undefined
  {
    const ms = Math.round(performance.now() - startedAt)
    logger.info({ port: config.port, ms, embeddedPostgres: !config.databaseUrl }, 'Server ready')
    console.log(`The site is up at http://localhost:${config.port} (ready in ${ms} ms)`)
    void announceSiteAddress(services.settings).catch((error: unknown) => logger.warn({ err: error }, 'Could not read the site address'))
  }
  server.keepAliveTimeout = 65_000

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'Shutting down')
    // Requests already in progress finish (a booking mid-transaction keeps its database);
    // one that hangs gets SHUTDOWN_GRACE_MS.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    // Live streams never finish by themselves: ended now, their browsers reconnect to another instance.
    services.live.closeAll()
    const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
    await drained
    clearTimeout(grace)
    // A message being sent finishes; queued ones stay queued for the next start (or another instance).
    await worker.stop()
    await notifications.close()
    await vite?.close()
    await database.close()
    process.exit(0)
  }
  stopStarted = stop
  if (signalled) void stop(signalled)
}

/** A signal before the start is done: kept until the start can act on it (main, above). */
let signalled: string | undefined
let stopStarted: ((signal: string) => Promise<void>) | undefined
function onSignal(signal: NodeJS.Signals) {
  if (stopStarted) return void stopStarted(signal)
  if (signalled) process.exit(1)
  signalled = signal
}

/** What a start that fails must know: the port it was to listen on, and how to close what it opened (the embedded PostgreSQL included). */
const starting: { port?: number; stop?: () => Promise<void> } = {}

/** A start's failure that is a setting to change, not a fault: one line, as a bad setting gets. */
function startProblem(error: unknown, port: number | undefined): string | undefined {
  if (error instanceof DataDirInUse) return error.message
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EADDRINUSE') return `Port ${port} is in use by another program: stop it, or set PORT to a free port.`
  if (code === 'EACCES') return `Port ${port} needs privileges this process does not have: use a port above 1023 (behind a reverse proxy, docs/deployment.md).`
  return undefined
}

main().catch(async (error: unknown) => {
  console.error(startProblem(error, starting.port) ?? error)
  await starting.stop?.().catch(() => {})
  process.exit(1)
})
