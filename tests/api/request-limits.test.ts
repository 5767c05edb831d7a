/**
 * Bounded requests everywhere (issue 31, item 1): methods the app never takes,
 * bodies over their limit, bodies and headers that arrive too slowly. The
 * page-level behaviour through the real React Router build is in
 * tests/e2e/request-limits.spec.ts.
 */
import type http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import type { ServerBuild } from 'react-router'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createAppServer } from '../../server/http/app-server'
import { bodyDeadline, BODY_DEADLINE_MS, HEADERS_DEADLINE_MS } from '../../server/http/body-deadline'
import { LENGTH_REQUIRED_MESSAGE } from '../../server/http/declared-length'
import { REQUEST_TOO_LARGE_MESSAGE } from '../../server/http/errors'
import { LINGER_MS } from '../../server/http/lingering-close'
import { PAGE_FORM_EXPECTED, PAGE_FORM_LIMIT_BYTES, PAGE_FORM_TOO_LARGE, pageSubmissions } from '../../server/http/page-body'
import { createTestApp, type TestApp } from '../helpers/app'
import { rawExchange } from '../helpers/raw-http'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})

const listen = (server: http.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/** Writes `megabytes` of body as fast as the socket takes them, framed as chunks or not; stops if the socket goes. */
function pumpBody(socket: net.Socket, megabytes: number, chunked = false) {
  const chunk = Buffer.alloc(1024 * 1024, 'a')
  const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk
  let sent = 0
  const pump = () => {
    while (sent < megabytes && !socket.destroyed) if ((sent++, !socket.write(framed))) return void socket.once('drain', pump)
  }
  pump()
}

/**
 * A POST of 200 MB (declared, or sent without a length) to the whole app, the
 * client sending on until it is answered: the answer, when the connection
 * closed, and how much of the body the server read.
 */
async function postWithoutEnd(head: string, chunked: boolean) {
  const server = createAppServer(createApp(t.deps).app)
  const port = await listen(server)
  let accepted: net.Socket | undefined
  server.on('connection', (s: net.Socket) => (accepted = s))
  try {
    const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${200 * 1024 * 1024}`
    const exchange = await rawExchange(port, (s) => {
      s.write(`${head}\r\n${framing}\r\n\r\n`)
      pumpBody(s, 200, chunked)
    })
    return { ...exchange, bytesRead: accepted!.bytesRead }
  } finally {
    await close(server)
  }
}

describe('methods the app never takes', () => {
  // React Router's express adapter builds a Fetch API request from the method: undici refuses TRACE,
  // TRACK and CONNECT (Node's parser refuses TRACK itself), and the page answered 500. Any build shows it: the request is built first.
  const withPages = () => createApp(t.deps, { pages: () => createRequestHandler({ build: {} as ServerBuild }) }).app

  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'SEARCH'])('%s answers 405 with the methods it takes, on a page and under /api', async (method) => {
    const server = createAppServer(withPages())
    const port = await listen(server)
    try {
      for (const path of ['/menu', '/unsubscribe', '/api/health']) {
        const { answer } = await rawExchange(port, (s) => s.write(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`))
        expect(answer, `${method} ${path}`).toMatch(/^HTTP\/1\.1 405 /)
        expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/i)
      }
    } finally {
      await close(server)
    }
  })
})

describe('bodies over their limit', () => {
  it("answers JSON over the API's limit with 413 'Request body too large', not 'File too large'", async () => {
    const res = await request(t.app)
      .post('/api/event-enquiries')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ eventId: 1, name: 'x'.repeat(200_000) }))
      .expect(413)
    expect(res.body).toEqual({ message: 'Request body too large' })
  })

  it.each([
    ['/api/reservations', 'declared at 200 MB', 413, REQUEST_TOO_LARGE_MESSAGE],
    ['/api/admin/reservations', 'declared at 200 MB', 413, REQUEST_TOO_LARGE_MESSAGE],
    ['/api/reservations', 'sent without a length', 411, LENGTH_REQUIRED_MESSAGE],
    ['/api/admin/reservations', 'sent without a length', 411, LENGTH_REQUIRED_MESSAGE],
  ])('refuses JSON to %s %s from its headers (%i): read by the client still sending, next to none of the body read', async (path, how, status, message) => {
    const { answer, bytesRead } = await postWithoutEnd(`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json`, how === 'sent without a length')
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(answer).toContain('Connection: close')
    expect(answer).toContain(JSON.stringify({ message }))
    // body-parser read all 200 MB before its answer (the declared ones), or for as long as it came (the chunked ones).
    expect(bytesRead).toBeLessThan(4 * 1024 * 1024)
  })

  it.each([
    ['401 to an upload with a made-up session cookie, declared at 200 MB', 'Cookie: sid=made-up\r\nSec-Fetch-Site: same-origin', false, 401],
    ['403 to a cross-site upload sent without a length', 'Sec-Fetch-Site: cross-site', true, 403],
  ])('answers %s without reading the body on: the connection is closed after the pause', async (_name, headers, chunked, status) => {
    const { answer, closedAfterMs, bytesRead } = await postWithoutEnd(
      `POST /api/upload HTTP/1.1\r\nHost: localhost\r\n${headers}\r\nContent-Type: multipart/form-data; boundary=b`,
      chunked,
    )
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    // Node read such a body off to its end to keep the connection: all 200 MB, or for as long as it came.
    expect(bytesRead).toBeLessThan(4 * 1024 * 1024)
    expect(closedAfterMs).toBeLessThan(LINGER_MS + 2_000)
  })

  describe('a page action (React Router reads the form with formData(), whole)', () => {
    // What React Router's action does with the request it is given: read the whole form.
    let received: number[] = []
    const app = () =>
      createApp(t.deps, {
        pages: () =>
          pageSubmissions(async (req) => {
            const form = await req.formData()
            received.push(String(form.get('token') ?? '').length)
            return new Response('<p>Done</p>', { headers: { 'Content-Type': 'text/html' } })
          }),
      }).app

    it('reads a form within the limit and hands it on whole', async () => {
      received = []
      const token = 'a'.repeat(PAGE_FORM_LIMIT_BYTES - 100)
      await request(app()).post('/unsubscribe').type('form').send({ token }).expect(200, '<p>Done</p>')
      expect(received).toEqual([token.length])
    })

    it('answers 413 to a form over the limit before its action runs: declared, a little over, or sent without a length', async () => {
      received = []
      const server = createAppServer(app())
      const port = await listen(server)
      try {
        // 200 MB declared: refused from the headers alone, the connection closed.
        const declared = await rawExchange(port, (s) => {
          s.write(`POST /unsubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`)
          s.write('token=' + 'a'.repeat(64 * 1024))
        })
        expect(declared.answer).toMatch(/^HTTP\/1\.1 413 /)
        expect(declared.answer).toContain(PAGE_FORM_TOO_LARGE)
        // A chunked body with no length: read until it passes the limit, then refused.
        const chunked = await rawExchange(port, (s) => {
          s.write('POST /unsubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n')
          const chunk = 'a'.repeat(8192)
          for (let i = 0; i < 8; i++) s.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
        })
        expect(chunked.answer).toMatch(/^HTTP\/1\.1 413 /)
      } finally {
        await close(server)
      }
      // Slightly over: drained, so a browser reads the answer.
      const res = await request(app()).post('/unsubscribe').type('form').send({ token: 'a'.repeat(PAGE_FORM_LIMIT_BYTES) })
      expect(res.status).toBe(413)
      expect(res.text).toBe(PAGE_FORM_TOO_LARGE)
      expect(received).toEqual([])
    })

    it('closes a refused connection LINGER_MS after its answer, not at once, and without reading on', async () => {
      const server = createAppServer(app())
      const port = await listen(server)
      const connections = () => new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)))
      let accepted: net.Socket | undefined
      server.on('connection', (s: net.Socket) => (accepted = s))
      try {
        // A client that stays open after the answer's FIN, as one still sending its body would.
        let answer = ''
        const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true })
        socket.setEncoding('latin1')
        socket.on('error', () => undefined)
        const answered = new Promise<number>((resolve) => socket.on('end', () => resolve(performance.now())))
        socket.on('data', (chunk) => (answer += chunk))
        socket.on('connect', () => {
          socket.write(`POST /unsubscribe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\ntoken=`)
          // 64 MB more, as fast as the connection takes it.
          pumpBody(socket, 64)
        })
        const at = await answered
        expect(answer).toMatch(/^HTTP\/1\.1 413 /)
        expect(answer).toContain('Connection: close')
        // Dropped at once, a client still sending is reset on its next write and loses the answer (the fault test).
        await new Promise((r) => setTimeout(r, LINGER_MS / 2))
        expect(await connections()).toBe(1)
        await expect.poll(connections, { timeout: LINGER_MS + 2_000, interval: 20 }).toBe(0)
        expect(performance.now() - at).toBeGreaterThanOrEqual(LINGER_MS - 50)
        // It read next to none of the 64 MB meanwhile: the client's writes stalled.
        expect(accepted!.bytesRead).toBeLessThan(4 * 1024 * 1024)
        socket.destroy()
      } finally {
        await close(server)
      }
    })

    it.each([
      ['no body and no type', undefined, undefined],
      ['a type that is no form', 'application/octet-stream', 'token=abc'],
      ['multipart without its boundary', 'multipart/form-data', 'token=abc'],
      ['multipart that does not parse', 'multipart/form-data; boundary=xyz', '--xyz\r\nnonsense'],
      ['JSON, which an action reading its form cannot take', 'application/json', '{"token":"abc"}'],
      ['text', 'text/plain', 'token=abc'],
    ])('answers 400 to %s, and runs no action', async (_name, type, body) => {
      received = []
      let req = request(app()).post('/unsubscribe')
      if (type) req = req.set('Content-Type', type)
      const res = body === undefined ? await req : await req.send(body)
      expect(res.status).toBe(400)
      expect(res.text).toBe(PAGE_FORM_EXPECTED)
      expect(received).toEqual([])
    })

    it('answers 415 to a compressed form', async () => {
      const res = await request(app()).post('/unsubscribe').set({ 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Encoding': 'gzip' }).send('token=abc')
      expect(res.status).toBe(415)
    })
  })
})

describe('requests that arrive too slowly', () => {
  it('are cut once their body is BODY_DEADLINE_MS late (30 s; here 400 ms): 408 and the connection closed', async () => {
    expect(BODY_DEADLINE_MS).toBe(30_000)
    const app = express()
    app.use((req, _res, next) => Object.assign(req, { log: t.deps.logger }) && next())
    app.use(bodyDeadline({ ms: 400, uploadMs: 5_000 }))
    app.post('/slow', express.json(), (_req, res) => res.json({ ok: true }))
    const server = createAppServer(app)
    const port = await listen(server)
    try {
      const slow = await rawExchange(port, (s) => {
        s.write('POST /slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":')
        // A byte now and then, as a slow-POST attack sends them: the socket never goes idle.
        const drip = setInterval(() => s.writable && s.write(' '), 100)
        s.on('close', () => clearInterval(drip))
      })
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(slow.closedAfterMs).toBeGreaterThanOrEqual(350)
      expect(slow.closedAfterMs).toBeLessThan(3_000)
      // A staff upload (with a session cookie) has longer.
      const upload = await rawExchange(
        port,
        (s) => s.write('POST /api/upload HTTP/1.1\r\nHost: localhost\r\nCookie: sid=x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100\r\n\r\n--b'),
        1_500,
      )
      expect(upload.answer).toBe('')
      expect(upload.closedAfterMs).toBeGreaterThanOrEqual(1_400)
    } finally {
      await close(server)
    }
  })

  it('are cut once their headers are HEADERS_DEADLINE_MS late (10 s; the server says so)', async () => {
    expect(HEADERS_DEADLINE_MS).toBe(10_000)
    const server = createAppServer(express())
    expect(server.headersTimeout).toBe(10_000)
    // Node checks its connections every few seconds: a server of its own with a shorter figure shows the cut.
    const quick = createAppServer(express(), { headersTimeoutMs: 500 })
    const port = await listen(quick)
    try {
      const slow = await rawExchange(port, (s) => {
        s.write('GET / HTTP/1.1\r\nHost: localhost\r\n')
        const drip = setInterval(() => s.writable && s.write('X-Drip: 1\r\n'), 100)
        s.on('close', () => clearInterval(drip))
      })
      expect(slow.answer).toMatch(/^HTTP\/1\.1 408 /)
      expect(slow.closedAfterMs).toBeLessThan(3_000)
    } finally {
      await close(quick)
    }
  })
})

