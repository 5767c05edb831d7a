import type { Request, Response } from 'express'
import { describe, expect, it } from 'vitest'
import { createPublicReads, type Topic } from '../../server/http/public-reads'

const clock = { now: () => new Date('2026-11-21T12:00:00Z') }

/** Just enough of a request and a response for `send`: the body written, as text. */
function exchange(url: string) {
  let body = ''
  const req = { originalUrl: url, url, headers: {} } as unknown as Request
  const res = { statusCode: 0, setHeader: () => undefined, end: (b: Buffer) => (body = b.toString()) } as unknown as Response
  return { req, res, body: () => JSON.parse(body) as unknown }
}

async function read(reads: ReturnType<typeof createPublicReads>, url: string, value: () => Promise<unknown>, topics: Topic[] = ['events']) {
  const x = exchange(url)
  await reads.send(x.req, x.res, topics, value)
  return x.body()
}

describe('createPublicReads', () => {
  it('reuses an answer for its time to live, and shares one read between callers', async () => {
    let now = 0
    let reads = 0
    const cache = createPublicReads({ clock, ttlMs: 1000, now: () => now })
    const load = async () => ++reads
    expect(await Promise.all([read(cache, '/a', load), read(cache, '/a', load)])).toEqual([1, 1])
    now = 999
    expect(await read(cache, '/a', load)).toBe(1)
    now = 1000
    expect(await read(cache, '/a', load)).toBe(2)
  })

  it('does not keep a read that was under way when its topic was dropped', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000 })
    let release!: () => void
    const slow = read(cache, '/a', () => new Promise((resolve) => (release = () => resolve('before the change'))))
    cache.drop('events')
    release()
    expect(await slow).toBe('before the change')
    expect(await read(cache, '/a', async () => 'after the change')).toBe('after the change')
  })

  it('keeps a read of another topic through a drop', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000 })
    expect(await read(cache, '/a', async () => 'kept')).toBe('kept')
    cache.drop('hours', 'date:2026-12-05')
    expect(await read(cache, '/a', async () => 'read again')).toBe('kept')
  })

  it('forgets, on a drop, the answers made from the dropped topics and only those, also when one is read again', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000 })
    const day = (date: string): Topic[] => ['availability', `date:${date}`]
    for (let round = 1; round <= 2; round++) {
      expect(await read(cache, '/5th', async () => `5th ${round}`, day('2026-12-05'))).toBe(`5th ${round}`)
      expect(await read(cache, '/6th', async () => `6th ${round}`, day('2026-12-06'))).toBe('6th 1')
      expect(await read(cache, '/hours', async () => `hours ${round}`, ['hours'])).toBe('hours 1')
      cache.drop('date:2026-12-05')
    }
    expect(await read(cache, '/5th', async () => '5th 3', day('2026-12-05'))).toBe('5th 3')
    cache.drop('availability')
    expect(await read(cache, '/5th', async () => '5th 4', day('2026-12-05'))).toBe('5th 4')
    expect(await read(cache, '/6th', async () => '6th 4', day('2026-12-06'))).toBe('6th 4')
    expect(await read(cache, '/hours', async () => 'hours 4', ['hours'])).toBe('hours 1')
  })

  it('reads again once a change is announced (by any instance)', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000 })
    let version = 1
    cache.follow({ version: () => version })
    expect(await read(cache, '/a', async () => 'before')).toBe('before')
    expect(await read(cache, '/a', async () => 'unchanged')).toBe('before')
    version = 2
    expect(await read(cache, '/a', async () => 'after')).toBe('after')
  })

  it('does not share a read that was under way when a change was announced', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000 })
    let version = 1
    cache.follow({ version: () => version })
    let release!: () => void
    const slow = read(cache, '/a', () => new Promise((resolve) => (release = () => resolve('before the change'))))
    version = 2
    const after = read(cache, '/a', async () => 'after the change')
    release()
    expect(await after).toBe('after the change')
    expect(await slow).toBe('before the change')
    expect(await read(cache, '/a', async () => 'read again')).toBe('after the change')
  })

  it('keeps no more than maxEntries answers', async () => {
    const cache = createPublicReads({ clock, ttlMs: 1000, maxEntries: 2 })
    for (const url of ['/a', '/b', '/c']) await read(cache, url, async () => `${url} first`)
    expect(await read(cache, '/c', async () => '/c again')).toBe('/c again')
    expect(await read(cache, '/a', async () => '/a again')).toBe('/a first')
  })
})
