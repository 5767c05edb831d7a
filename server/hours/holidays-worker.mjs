// The bank holidays of England and Wales, from the date-holidays library (region GB, state ENG), in a worker
// thread of its own: the library's rules for every country (about 800 kB) take from a quarter of a second to
// over a second to load, which on the app's thread would hold up every request meanwhile (a booking too). The
// worker loads them once and then answers each message { id, years } with { id, answer } (the holidays of
// each year asked for), in milliseconds. Plain JavaScript, so the production build can run it beside
// server-entry.js.
import { createRequire } from 'node:module'
import { parentPort } from 'node:worker_threads'

const require = createRequire(import.meta.url)
const Holidays = require('date-holidays')

const calendar = new Holidays('GB', 'ENG')

parentPort.on('message', ({ id, years }) => {
  const answer = {}
  for (const year of years) {
    // Observances (Mother's Day, Easter Sunday) are not bank holidays.
    answer[year] = calendar
      .getHolidays(year)
      .filter((h) => h.type === 'public' || h.type === 'bank')
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name }))
  }
  parentPort.postMessage({ id, answer })
})
