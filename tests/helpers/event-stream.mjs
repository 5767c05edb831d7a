// A Server-Sent Events client for Node, parsing the stream as a browser's
// EventSource does (event:, data:, comments ignored; an event ends at a blank
// line). Shared by tests/api/live.test.ts and scripts/live-bench.mjs.
import http from 'node:http'

/**
 * Opens `url` with `headers` (the session cookie). Resolves when the answer's
 * headers arrive: `{ status, headers, body() }` for a refusal, or a stream whose
 * `next(name, predicate?, timeoutMs?)` resolves with the next matching event
 * `{ name, data, at }` (`at`: performance.now() when its last line arrived),
 * `ended` resolves when the server ends it, and `close()` hangs up.
 */
export function openEventStream(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Accept: 'text/event-stream', 'Sec-Fetch-Site': 'same-origin', ...headers } }, (res) => {
      res.setEncoding('utf8')
      if (res.statusCode !== 200) {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        const body = new Promise((done) => res.on('end', () => done(text ? JSON.parse(text) : null)))
        return resolve({ status: res.statusCode, headers: res.headers, body: () => body })
      }
      const events = []
      const waiting = []
      let buffer = ''
      let endedResolve
      const ended = new Promise((done) => (endedResolve = done))
      const deliver = () => {
        for (let i = 0; i < waiting.length; i++) {
          const w = waiting[i]
          const found = events.findIndex((e) => e.name === w.name && w.predicate(e.data))
          if (found < 0) continue
          const [event] = events.splice(found, 1)
          waiting.splice(i--, 1)
          clearTimeout(w.timer)
          w.resolve(event)
        }
      }
      res.on('data', (chunk) => {
        const at = performance.now()
        buffer += chunk
        let end
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let name = 'message'
          const data = []
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue
            const colon = line.indexOf(':')
            const field = colon < 0 ? line : line.slice(0, colon)
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
            if (field === 'event') name = value
            else if (field === 'data') data.push(value)
          }
          if (data.length) events.push({ name, data: JSON.parse(data.join('\n')), at })
        }
        deliver()
      })
      res.on('end', () => endedResolve())
      res.on('close', () => endedResolve())
      resolve({
        status: 200,
        headers: res.headers,
        events,
        ended,
        next(name, predicate = () => true, timeoutMs = 2_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(entry), 1)
              fail(new Error(`No '${name}' event within ${timeoutMs} ms (had: ${JSON.stringify(events)})`))
            }, timeoutMs)
            const entry = { name, predicate, resolve: done, timer }
            waiting.push(entry)
            deliver()
          })
        },
        close() {
          req.destroy()
        },
      })
    })
    req.on('error', reject)
  })
}
