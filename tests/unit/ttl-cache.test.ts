import { describe, expect, it } from 'vitest'
import { createTtlCache } from '../../server/cache'

function counter() {
  let calls = 0
  return { load: (value: string) => () => Promise.resolve(`${value}#${++calls}`), calls: () => calls }
}

describe('createTtlCache', () => {
  it('reuses a value for its time to live, then loads again', async () => {
    let now = 0
    const cache = createTtlCache<string, string>({ ttlMs: 1000, now: () => now })
    const c = counter()
    expect(await cache.get('a', c.load('a'))).toBe('a#1')
    now = 999
    expect(await cache.get('a', c.load('a'))).toBe('a#1')
    now = 1000
    expect(await cache.get('a', c.load('a'))).toBe('a#2')
  })

  it('shares one load between callers that ask at the same time', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 1000 })
    const c = counter()
    const values = await Promise.all([cache.get('a', c.load('a')), cache.get('a', c.load('a')), cache.get('a', c.load('a'))])
    expect(values).toEqual(['a#1', 'a#1', 'a#1'])
    expect(c.calls()).toBe(1)
  })

  it('does not keep a failed load', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 1000 })
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('a', () => Promise.resolve('up'))).toBe('up')
  })

  it('forgets a key on drop and everything on clear', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000 })
    const c = counter()
    await cache.get('a', c.load('a'))
    await cache.get('b', c.load('b'))
    cache.drop('a')
    expect(await cache.get('a', c.load('a'))).toBe('a#3')
    expect(await cache.get('b', c.load('b'))).toBe('b#2')
    cache.clear()
    expect(await cache.get('b', c.load('b'))).toBe('b#4')
  })

  it('with a time to live of 0, loads every time', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 0 })
    const c = counter()
    await cache.get('a', c.load('a'))
    expect(await cache.get('a', c.load('a'))).toBe('a#2')
  })
})
