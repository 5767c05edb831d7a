import crypto from 'node:crypto'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { pageCache } from '../../server/http/page-cache'
import { mayRender, pageOfData, RenderAllowance } from '../../server/http/render-limit'

/** As good as no limit: for the tests of the other one. */
const UNLIMITED = { burst: 1e9, perSecond: 1e9 }

/** An allowance per address on a clock the test moves (milliseconds), whose `take` answers the seconds to wait (0: it may render). */
function allowanceAt(burst: number, perSecond: number, site = UNLIMITED) {
  const clock = { ms: 0 }
  const allowance = new RenderAllowance({ perAddress: { burst, perSecond }, site }, () => clock.ms)
  const renders = {
    take: (address: string) => allowance.take(address)?.retrySeconds ?? 0,
    giveBack: (address: string) => allowance.giveBack(address),
    size: () => allowance.size,
  }
  return { clock, renders, allowance }
}

describe('RenderAllowance', () => {
  it('allows a burst, then refuses with the seconds until the next render, then refills at its rate', () => {
    const { clock, renders } = allowanceAt(3, 2)
    expect([1, 2, 3].map(() => renders.take('203.0.113.7'))).toEqual([0, 0, 0])
    expect(renders.take('203.0.113.7')).toBe(1)
    // Refused attempts do not push the refill back: half a second later one render has come back.
    clock.ms += 500
    expect(renders.take('203.0.113.7')).toBe(0)
    expect(renders.take('203.0.113.7')).toBe(1)
    // After a long quiet it holds the burst again, no more.
    clock.ms += 60_000
    expect([1, 2, 3, 4].map(() => renders.take('203.0.113.7'))).toEqual([0, 0, 0, 1])
  })

  it('says how long to wait when the rate is slow', () => {
    const { renders } = allowanceAt(1, 1)
    expect(renders.take('203.0.113.7')).toBe(0)
    expect(renders.take('203.0.113.7')).toBe(1)
    const slow = allowanceAt(2, 1).renders
    slow.take('a')
    slow.take('a')
    // Each refusal counts as nothing taken: still one second away.
    expect([slow.take('a'), slow.take('a')]).toEqual([1, 1])
  })

  it('counts each address on its own, IPv4 written as IPv6 as itself, and IPv6 by its /64', () => {
    const { renders } = allowanceAt(2, 1)
    expect([renders.take('198.51.100.1'), renders.take('::ffff:198.51.100.1'), renders.take('198.51.100.1')]).toEqual([0, 0, 1])
    expect(renders.take('198.51.100.2')).toBe(0)
    // One home's /64: any address in it is the same client.
    expect([renders.take('2001:db8:1:2::1'), renders.take('2001:db8:1:2:ffff:ffff:ffff:ffff'), renders.take('2001:db8:1:2::abcd')]).toEqual([0, 0, 1])
    expect(renders.take('2001:db8:1:3::1')).toBe(0)
  })

  it('takes back a render given back, up to the burst', () => {
    const { renders } = allowanceAt(2, 1)
    renders.take('a')
    renders.take('a')
    renders.giveBack('a')
    expect(renders.take('a')).toBe(0)
    expect(renders.take('a')).toBe(1)
    // Given back more often than taken, it still holds no more than the burst.
    const other = allowanceAt(2, 1).renders
    other.take('b')
    for (let i = 0; i < 5; i++) other.giveBack('b')
    expect([other.take('b'), other.take('b'), other.take('b')]).toEqual([0, 0, 1])
  })

  it('remembers at most 10,000 addresses, forgetting the one unheard from longest', () => {
    const { renders } = allowanceAt(1, 1)
    renders.take('10.0.0.1')
    renders.take('10.0.0.2')
    for (let i = 0; i < 10_000; i++) {
      renders.take(`172.16.${i >> 8}.${i & 255}`)
      // 10.0.0.2 is heard from all along: it is never the oldest.
      if (i % 1_000 === 0) renders.take('10.0.0.2')
    }
    expect(renders.size()).toBe(10_000)
    expect(renders.take('10.0.0.1')).toBe(0)
    expect(renders.take('10.0.0.2')).toBe(1)
  })

  it('bounds all addresses together too, and says which ran out', () => {
    const { clock, allowance } = allowanceAt(2, 1, { burst: 3, perSecond: 2 })
    expect(['10.0.0.1', '10.0.0.2', '10.0.0.3'].map((a) => allowance.take(a))).toEqual([undefined, undefined, undefined])
    expect(allowance.take('10.0.0.4')).toEqual({ by: 'site', retrySeconds: 1 })
    // Half a second brings one back for the whole instance; the address refused before had spent none of its own.
    clock.ms += 500
    expect(allowance.take('10.0.0.4')).toBeUndefined()
    expect(allowance.take('10.0.0.4')).toEqual({ by: 'site', retrySeconds: 1 })
    clock.ms += 500
    expect(allowance.take('10.0.0.4')).toBeUndefined()
    expect(allowance.take('10.0.0.4')).toEqual({ by: 'address', retrySeconds: 1 })
  })

  it("takes nothing of the instance's for an address refused its own, and gives back to both", () => {
    const { allowance } = allowanceAt(1, 1, { burst: 2, perSecond: 1 })
    expect(allowance.take('10.0.0.1')).toBeUndefined()
    for (let i = 0; i < 5; i++) expect(allowance.take('10.0.0.1')?.by).toBe('address')
    expect(allowance.take('10.0.0.2')).toBeUndefined()
    expect(allowance.take('10.0.0.3')?.by).toBe('site')
    allowance.giveBack('10.0.0.2')
    expect(allowance.take('10.0.0.3')).toBeUndefined()
  })
})

/** A site whose pages render through the cache (200 at /menu, 404 anywhere else) with `renders` as its allowance. */
async function site(renders: RenderAllowance) {
  const rendered: string[] = []
  let version = 1
  const menu = { found: true }
  const render = (path: string) => {
    rendered.push(path)
    return path.startsWith('/menu') && menu.found ? { status: 200, html: `<p>The menu, version ${version}</p>` } : { status: 404, html: '<p>Not found</p>' }
  }
  const app = express()
  app.set('trust proxy', true)
  app.use((_req, res, next) => ((res.locals.cspNonce = crypto.randomBytes(16).toString('base64')), next()))
  app.use(
    pageCache({
      changes: { version: () => version, listening: () => true, bump: () => void version++, close: async () => {} },
      render: async (request) => {
        const page = render(new URL(request.url).pathname)
        return new Response(page.html, { status: page.status, headers: { 'content-type': 'text/html' } })
      },
      today: () => '2026-12-18',
      renders,
    }),
  )
  // What the cache does not keep is rendered for each request, as the pages' handler does, after the same check.
  app.use((req, res) => {
    if (!mayRender(renders, req, res)) return
    const page = render(req.originalUrl)
    res.status(page.status).type('html').send(page.html)
  })
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const get = (path: string, from = '203.0.113.9') => fetch(base + path, { headers: { 'x-forwarded-for': from } })
  return { rendered, menu, get, bump: () => void version++, close: () => new Promise((r) => server.close(r)) }
}

describe('pages rendered for one request alone, through the page cache', () => {
  it('refuses an address its fourth made-up page of three without rendering it, and says when to come back', async () => {
    const s = await site(new RenderAllowance({ perAddress: { burst: 3, perSecond: 1 }, site: UNLIMITED }))
    try {
      expect((await Promise.all(['/wp-login.php', '/.env', '/menu?x=1'].map((p) => s.get(p)))).map((r) => r.status).sort()).toEqual([200, 404, 404])
      const refused = await s.get('/xmlrpc.php')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(await refused.text()).toContain('Too many pages were asked for from your connection at once. Please try again in 1 second.')
      expect(s.rendered).toHaveLength(3)
      // A client navigation's data is sent to load its page as a document instead (React Router's redirect).
      const data = await s.get('/menu.data?_routes=routes%2Fmenu')
      expect([data.status, data.headers.get('x-remix-redirect'), data.headers.get('x-remix-reload-document')]).toEqual([204, '/menu', 'true'])
      expect(s.rendered).toHaveLength(3)
      // Another address is not held back by this one.
      expect((await s.get('/xmlrpc.php', '198.51.100.4')).status).toBe(404)
    } finally {
      await s.close()
    }
  })

  it('does not count a kept page against anyone: the render that filled it is given back', async () => {
    const s = await site(new RenderAllowance({ perAddress: { burst: 2, perSecond: 1 }, site: UNLIMITED }))
    try {
      // The first view renders and keeps the page; the rest are served from memory.
      for (let i = 0; i < 5; i++) expect((await s.get('/menu')).status).toBe(200)
      expect(s.rendered).toEqual(['/menu'])
      // Both renders are still there to spend.
      expect((await s.get('/nope-1')).status).toBe(404)
      expect((await s.get('/nope-2')).status).toBe(404)
      expect((await s.get('/nope-3')).status).toBe(429)
      // And a kept page is still served to an address that has none left,
      expect((await s.get('/menu')).status).toBe(200)
      // also when a change means rendering it again: it is a page, not a made-up address.
      s.bump()
      const again = await s.get('/menu')
      expect([again.status, await again.text()]).toEqual([200, '<p>The menu, version 2</p>'])
      expect(s.rendered).toEqual(['/menu', '/nope-1', '/nope-2', '/menu'])
      // Once it is gone (a 404), it counts as any other unknown path.
      s.menu.found = false
      s.bump()
      expect((await s.get('/menu')).status).toBe(404)
      expect((await s.get('/menu')).status).toBe(429)
    } finally {
      await s.close()
    }
  })
})

describe('many addresses at once', () => {
  it("are answered 503 once the instance's renders are spent, each saying when to try again, and kept pages still open", async () => {
    const s = await site(new RenderAllowance({ perAddress: { burst: 100, perSecond: 1 }, site: { burst: 2, perSecond: 1 } }))
    try {
      expect((await s.get('/menu', '198.51.100.1')).status).toBe(200)
      expect([(await s.get('/a', '198.51.100.2')).status, (await s.get('/b', '198.51.100.3')).status]).toEqual([404, 404])
      const busy = await s.get('/c', '198.51.100.4')
      expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '1'])
      expect(await busy.text()).toContain('The site is taking more requests than it can answer just now. Please try again in 1 second.')
      expect((await s.get('/menu', '198.51.100.4')).status).toBe(200)
      expect(s.rendered).toEqual(['/menu', '/a', '/b'])
    } finally {
      await s.close()
    }
  })
})

describe("a client navigation's data, refused", () => {
  it('names the page it was for, as a path on this site, with its own query', () => {
    expect(pageOfData('/menu.data')).toBe('/menu')
    expect(pageOfData('/_root.data')).toBe('/')
    expect(pageOfData('/events/quiz-night.data?_routes=routes%2Fevent')).toBe('/events/quiz-night')
    expect(pageOfData('/events.data?month=2026-12&_routes=routes%2Fevents')).toBe('/events?month=2026-12')
    expect(pageOfData('/events/_.data')).toBe('/events/')
    // Never to another site, whatever the path.
    for (const hostile of ['//evil.example.data', '/\\evil.example.data', '/.//evil.example.data', '/a/..//evil.example.data', '//[bad.data', 'http://evil.example/x.data']) {
      expect(pageOfData(hostile)).toMatch(/^\/(?![/\\])/)
    }
  })
})
