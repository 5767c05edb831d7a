import crypto from 'node:crypto'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { crc32After, crc32Past, gzipWithNonce, splitAroundNonce } from '../../server/http/nonce-gzip'
import { pageCache } from '../../server/http/page-cache'

// Nonces are 16 random bytes in base64: a response's is as long as the placeholder.
const PLACEHOLDER = 'cGxhY2Vob2xkZXJub25jZQ=='
const NONCE = 'bjBuY2UtZm9yLWEtcmVzcA=='
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>` +
  `<p>${'The Wheatsheaf Inn, Little Hadham. '.repeat(400)}</p><p>Caf\u00e9 \u00a3 \u{1f37a}</p>` +
  `<script nonce="${nonce}">window.b=2</script><script nonce="${nonce}" type="module">import "/x.js"</script></body></html>`

describe('a cached page compressed once, each response with its own nonce', () => {
  it('is a valid gzip stream of the page with the response nonce in every place', () => {
    const split = splitAroundNonce(page(PLACEHOLDER), PLACEHOLDER)
    expect(split.parts).toHaveLength(4)
    for (const nonce of ['Zmlyc3QtcmVzcG9uc2Uhbm9=', 'AAAAAAAAAAAAAAAAAAAAAA==']) {
      const body = Buffer.concat(gzipWithNonce(split, Buffer.from(nonce)))
      expect(zlib.gunzipSync(body).toString()).toBe(page(nonce))
    }
  })

  it('holds a page that starts or ends with the nonce, or has none', () => {
    for (const html of [`${PLACEHOLDER}<p>x</p>${PLACEHOLDER}`, '<p>no scripts</p>', '']) {
      const split = splitAroundNonce(html, PLACEHOLDER)
      expect(zlib.gunzipSync(Buffer.concat(gzipWithNonce(split, Buffer.from(NONCE)))).toString()).toBe(html.replaceAll(PLACEHOLDER, NONCE))
    }
  })

  it("works out the CRC-32 of joined pieces from the pieces' own, as zlib reads the whole", () => {
    const random = (length: number) => crypto.randomBytes(length)
    // Lengths around the powers of two the operator is built from, and a page's size.
    for (const lengths of [[0, 0], [1, 0], [0, 1], [1, 1], [7, 8], [255, 256], [4_096, 24], [65_535, 65_537], [24, 91_233, 24, 3]]) {
      const pieces = lengths.map(random)
      let crc = zlib.crc32(pieces[0]!)
      for (const piece of pieces.slice(1)) crc = crc32After(crc, crc32Past(piece.length), zlib.crc32(piece))
      expect(crc).toBe(zlib.crc32(Buffer.concat(pieces)))
    }
  })
})

describe('pageCache', () => {
  /** An app serving one page through the cache, rendered by `render` (given the address it renders) at the current `version`. */
  async function cachedSite(render: (url: string) => Promise<string>) {
    const changes = { version: 1, bump: () => void changes.version++ }
    const app = express()
    app.use((_req, res, next) => ((res.locals.cspNonce = crypto.randomBytes(16).toString('base64')), next()))
    app.use(
      pageCache({
        changes: { version: () => changes.version, listening: () => true, bump: changes.bump, close: async () => {} },
        render: async (request) => new Response(await render(request.url), { headers: { 'content-type': 'text/html' } }),
        today: () => '2026-11-25',
      }),
    )
    // What the cache does not keep is rendered for each request, as the pages' own handler does.
    app.use(async (req, res) => void res.type('html').send(await render(`http://127.0.0.1${req.originalUrl}`)))
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/booking`
    return { changes, get: async (query = '') => (await fetch(url + query)).text(), close: () => new Promise((r) => server.close(r)) }
  }

  it('keeps a page until a change is announced', async () => {
    let renders = 0
    const site = await cachedSite(async () => `<p>render ${++renders}</p>`)
    try {
      expect(await site.get()).toBe('<p>render 1</p>')
      expect(await site.get()).toBe('<p>render 1</p>')
      site.changes.bump()
      expect(await site.get()).toBe('<p>render 2</p>')
    } finally {
      await site.close()
    }
  })

  it('serves a link with only tracking tags the page kept for its path, and renders any other query', async () => {
    const rendered: string[] = []
    const site = await cachedSite(async (url) => `<p>render ${rendered.push(new URL(url).pathname + new URL(url).search)}</p>`)
    try {
      // From Facebook, a newsletter and an ad: the page, rendered once, for its path alone.
      expect(await site.get('?fbclid=IwAR0abc')).toBe('<p>render 1</p>')
      expect(await site.get('?utm_source=newsletter&utm_medium=email&utm_campaign=christmas')).toBe('<p>render 1</p>')
      expect(await site.get('?gclid=Cj0K&_gl=1*abc')).toBe('<p>render 1</p>')
      expect(await site.get()).toBe('<p>render 1</p>')
      expect(rendered).toEqual(['/booking'])
      // A parameter a page may read, even beside tracking tags, is rendered as asked, each time.
      expect(await site.get('?month=2026-12&utm_source=newsletter')).toBe('<p>render 2</p>')
      expect(await site.get('?month=2026-12&utm_source=newsletter')).toBe('<p>render 3</p>')
      expect(await site.get('?utm_source_x=1&x=2')).toBe('<p>render 4</p>')
      expect(rendered.slice(1)).toEqual(['/booking?month=2026-12&utm_source=newsletter', '/booking?month=2026-12&utm_source=newsletter', '/booking?utm_source_x=1&x=2'])
    } finally {
      await site.close()
    }
  })

  it('does not hand a render begun before a change to a request that came after it', async () => {
    const renders: ((html: string) => void)[] = []
    const site = await cachedSite(() => new Promise((resolve) => renders.push(resolve)))
    try {
      const before = site.get()
      await expect.poll(() => renders.length, { timeout: 5_000 }).toBe(1)
      site.changes.bump()
      const after = site.get()
      await expect.poll(() => renders.length, { timeout: 5_000 }).toBe(2)
      renders[1]!('<p>after the change</p>')
      renders[0]!('<p>before the change</p>')
      expect(await after).toBe('<p>after the change</p>')
      expect(await before).toBe('<p>before the change</p>')
      // The older render, finished last, did not replace the newer page.
      expect(await site.get()).toBe('<p>after the change</p>')
    } finally {
      for (const finish of renders) finish('<p>late</p>')
      await site.close()
    }
  })
})
