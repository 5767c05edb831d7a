// A process holding DATA_DIR's embedded PostgreSQL as a running app does (tests/unit/embedded-in-use.test.ts):
// it starts the server on the data directory in its argument, prints "ready", and stops it on SIGTERM.
import { startEmbeddedPostgres } from '../../server/db/embedded'

const server = await startEmbeddedPostgres({ dataDir: process.argv[2]! })
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)))
setInterval(() => {}, 60_000)
console.log('ready')
