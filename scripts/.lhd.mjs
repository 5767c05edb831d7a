import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] })
for (const url of process.argv.slice(2)) {
const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
const a = lhr.audits
console.log(url, 'score', lhr.categories.performance.score, 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'SI', Math.round(a['speed-index'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'benchmarkIndex', lhr.environment.benchmarkIndex)
const el = a['largest-contentful-paint-element']?.details?.items
console.log(' LCP element', JSON.stringify(el ?? null).slice(0, 600))

console.log(' long', JSON.stringify((a['long-tasks'].details?.items ?? []).map(i => [i.url.split('/').pop(), Math.round(i.startTime), Math.round(i.duration)])))
console.log(' mainthread', JSON.stringify((a['mainthread-work-breakdown'].details?.items ?? []).map(i => [i.group, Math.round(i.duration)])))
console.log(' bootup', JSON.stringify((a['bootup-time'].details?.items ?? []).slice(0,5).map(i => [i.url.split('/').pop(), Math.round(i.total), Math.round(i.scripting)])))
}
await chrome.kill()
