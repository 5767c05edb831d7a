import net from 'node:net'
import { expect, test } from './fixtures'

/** Sends raw bytes to the test server (the production build, pages included) and returns its status line. */
function statusLine(bytes: string): Promise<string> {
  const port = Number(process.env.E2E_PORT ?? 3100)
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => {
      answer += chunk
      const end = answer.indexOf('\r\n')
      if (end >= 0) {
        socket.destroy()
        resolve(answer.slice(0, end))
      }
    })
    socket.on('error', reject)
    socket.on('end', () => resolve(answer))
  })
}

// These reached the page handler, which builds the page's URL from them, and ended in 500.
test.describe('malformed requests to pages answer 400', () => {
  for (const [name, bytes] of <[string, string][]>[
    ['an absolute-form request line', 'GET http://evil.example/menu HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    ['a * request line', 'OPTIONS * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    ['a Host with a space', 'GET /menu HTTP/1.1\r\nHost: local host\r\nConnection: close\r\n\r\n'],
    ['no Host at all', 'GET /menu HTTP/1.0\r\n\r\n'],
  ]) {
    test(name, async () => {
      expect(await statusLine(bytes)).toMatch(/^HTTP\/1\.[01] 400 /)
    })
  }

  test('while a well-formed page request is served', async () => {
    expect(await statusLine('GET /menu HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 200 OK')
  })
})
