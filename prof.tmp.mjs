import { chromium } from '@playwright/test'
const base = process.argv[2]
const path = process.argv[3]
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] })
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } })
const page = await ctx.newPage()
if (path.startsWith('/admin')) await page.request.post(base + '/api/login', { data: { username: 'e2e-admin', password: 'e2e-password-123' }, headers: { 'Sec-Fetch-Site': 'same-origin' } })
const cdp = await ctx.newCDPSession(page)
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await cdp.send('Profiler.start')
await page.goto(base + path)
await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
await page.waitForTimeout(3000)
const { profile } = await cdp.send('Profiler.stop')
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const self = new Map()
const dt = profile.timeDeltas
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]); const d = dt[i] ?? 0
  const cf = n.callFrame
  const key = `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}:${cf.lineNumber}`
  self.set(key, (self.get(key) ?? 0) + d)
}
const total = [...self.values()].reduce((a, b) => a + b, 0)
console.log('total sampled ms', (total / 1000).toFixed(0))
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(1).padStart(7), k)
await browser.close()
