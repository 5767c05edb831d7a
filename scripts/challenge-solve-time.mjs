// How long the booking form's proof-of-work challenge takes a phone (issue 31, item 2; decision 21):
// the production build in Chromium at a phone's width, its CPU slowed four times as Lighthouse's mobile
// preset does (CDP Emulation.setCPUThrottlingRate 4), from the guest's first focus on the form to the
// solution being ready. Prints each run and the median; `node scripts/challenge-solve-time.mjs [runs]`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startServer } from '../tests/helpers/server-process.mjs'

const runs = Number(process.argv[2] ?? 10)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-solve-'))
const server = await startServer({ dataDir, env: { LOG_LEVEL: 'warn' } })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })

/** One run: a fresh page, throttled by `rate`, timed from the first focus to the widget's 'verified'. */
async function solveOnce(rate) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.goto(`${server.url}/booking`)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await page.evaluate(() => {
    window.__solve = new Promise((resolve) => {
      const start = performance.now()
      const watch = new MutationObserver(() => {
        const widget = document.querySelector('altcha-widget')
        if (!widget) return
        watch.disconnect()
        widget.addEventListener('verified', () => resolve(performance.now() - start), { once: true })
      })
      watch.observe(document.body, { childList: true, subtree: true })
    })
  })
  await page.getByLabel('Full name').focus()
  const ms = await page.evaluate(() => window.__solve)
  await context.close()
  return ms
}

try {
  for (const rate of [1, 4]) {
    const times = []
    for (let i = 0; i < runs; i++) times.push(await solveOnce(rate))
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]
    console.log(`CPU ${rate}x slower: median ${Math.round(median)} ms, fastest ${Math.round(times[0])} ms, slowest ${Math.round(times.at(-1))} ms (${runs} runs: ${times.map(Math.round).join(', ')})`)
  }
} finally {
  await browser.close()
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}
