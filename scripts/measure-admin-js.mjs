// `npm run measure:admin`: the JavaScript a member of staff downloads to open /admin
// (All Reservations, its default panel) and then each other panel, as transferred
// (gzip) by the production build. Builds first if needed.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startServer } from '../tests/helpers/server-process.mjs'
import { trackRequests } from './quiet-network.mjs'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
if (!fs.existsSync(path.join(buildDir, 'server-entry.js'))) execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-measure-'))
const admin = { username: 'measure', password: 'measure-password-1' }
const server = await startServer({ dataDir, buildDir, env: { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password } })
const browser = await chromium.launch({
  executablePath: ['/usr/bin/chromium', process.env.CHROMIUM_PATH].find((p) => p && fs.existsSync(p)),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const page = await browser.newPage()
  // Not 'networkidle': the back-office's live stream stays open.
  const quiet = trackRequests(page)
  const scripts = new Map()
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    const sizes = await request.sizes()
    scripts.set(request.url(), sizes.responseBodySize)
  })
  await page.request.post(`${server.url}/api/login`, { data: admin, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  const total = () => [...scripts.values()].reduce((a, b) => a + b, 0)
  await page.goto(`${server.url}/admin`)
  await page.getByRole('heading', { name: 'All Reservations' }).waitFor()
  await quiet()
  const first = total()
  console.log(`/admin with All Reservations: ${kb(first)} of JavaScript (gzip) in ${scripts.size} files`)
  if (process.env.VERBOSE) for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size)} ${url.slice(url.lastIndexOf("/") + 1)}`)
  for (const [section, heading] of [['pending', /Large parties/], ['hours', 'Table Booking Hours'], ['cocktails', 'Cocktails Page Content']]) {
    const before = total()
    await page.getByRole('link', { name: new RegExp(`^${{ pending: 'Pending', hours: 'Opening Hours', cocktails: 'Cocktails' }[section]}`) }).click()
    await page.getByRole('heading', { level: 1, name: heading }).waitFor()
    await quiet()
    console.log(`then ${section}: +${kb(total() - before)}`)
  }
} finally {
  await browser.close()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
