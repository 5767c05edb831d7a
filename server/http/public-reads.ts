import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import type { Clock } from '../deps'
import { acceptedEncodings } from './precompressed'
import { setApiHeaders } from './security'

/**
 * What a public answer is made from. A change drops every answer that names
 * its topic: `date:2026-12-05` is one date's bookings, `availability` every date's.
 */
export type Topic = 'events' | 'hours' | 'settings' | 'availability' | `date:${string}`

/** One answer, serialised once, with its compressed forms when it is big enough to be worth them. */
type Answer = {
  body: Buffer
  gzip?: Buffer
  br?: Buffer
  topics: Topic[]
  /** performance.now() when its load started. */
  at: number
  /** The second of the app's clock it was made in (a test clock may stand still or jump). */
  second: number
  /** The announced content version when its load started (see `follow`). */
  version: number
}

/** Announcements of content changes from every instance (server/db/content-changes.ts). */
type Announcements = { version: () => number }

/** Bodies under this stay uncompressed, as the compression middleware leaves them. */
const COMPRESS_MIN_BYTES = 1024
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Public JSON reads (events, opening hours, availability, site settings)
 * answered from memory: the answer to a GET is kept, serialised and
 * compressed, under its URL for `ttlMs` and within the same second of the
 * app's clock, so a burst of guests costs one database read a second instead
 * of one each. `fromMemory` serves kept answers before the rest of the
 * middleware stack (sessions, body parsers, the router).
 *
 * A change made through this process drops the answers built on it before it
 * is acknowledged (`drop`), and a read that was already under way when the
 * change came is not kept, so the next request sees the change. Changes made
 * elsewhere to events, hours and settings drop every answer as soon as
 * PostgreSQL announces them (`follow`); bookings made on another instance,
 * and anything while the announcements are not heard, show within `ttlMs`
 * (1 s) on top of the caches under the answers (a date's bookings 1 s,
 * settings 2 s).
 */
export function createPublicReads({
  clock,
  ttlMs = 1000,
  maxEntries = 500,
  now = () => performance.now(),
}: {
  clock: Clock
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}) {
  const answers = new Map<string, Answer>()
  // Reads under way, with the announced version each began at.
  const loading = new Map<string, { version: number; answer: Promise<Answer> }>()
  // Bumped by each drop: a load that began before a drop of one of its topics is served once but not kept.
  const generations = new Map<Topic, number>()
  const generationOf = (topics: Topic[]) => topics.map((t) => generations.get(t) ?? 0).join(',')
  const clockSecond = () => Math.floor(clock.now().getTime() / 1000)
  let announcements: Announcements = { version: () => 0 }

  const fresh = (answer: Answer) =>
    now() - answer.at < ttlMs && answer.second === clockSecond() && answer.version === announcements.version()

  // The URLs of the kept answers made from each topic, so a drop (every booking makes one) visits
  // only the answers it forgets, not every kept answer.
  const urlsOf = new Map<Topic, Set<string>>()

  function forget(url: string) {
    const answer = answers.get(url)
    if (!answer) return
    answers.delete(url)
    for (const topic of answer.topics) {
      const urls = urlsOf.get(topic)!
      urls.delete(url)
      if (urls.size === 0) urlsOf.delete(topic)
    }
  }

  function keep(url: string, answer: Answer) {
    forget(url)
    if (answers.size >= maxEntries) for (const [key, a] of answers) if (!fresh(a)) forget(key)
    // Still full: many distinct fresh URLs (a crawler varying the query) are answered without keeping.
    if (answers.size >= maxEntries) return
    answers.set(url, answer)
    for (const topic of answer.topics) {
      const urls = urlsOf.get(topic)
      if (urls) urls.add(url)
      else urlsOf.set(topic, new Set([url]))
    }
  }

  async function load(url: string, topics: Topic[], read: () => Promise<unknown>): Promise<Answer> {
    const at = now()
    const second = clockSecond()
    const version = announcements.version()
    const generation = generationOf(topics)
    const body = Buffer.from(JSON.stringify(await read()))
    const big = body.length >= COMPRESS_MIN_BYTES
    const answer: Answer = {
      body,
      gzip: big ? zlib.gzipSync(body) : undefined,
      // Quality 5: most of brotli's gain at a fraction of its default CPU, paid once a second.
      br: big ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : undefined,
      topics,
      at,
      second,
      version,
    }
    if (generationOf(topics) === generation && version === announcements.version()) keep(url, answer)
    return answer
  }

  /** The kept answer to a URL, or a new one from `read` (callers asking at once share one read). */
  function answerFor(url: string, topics: Topic[], read: () => Promise<unknown>): Promise<Answer> {
    const kept = answers.get(url)
    if (kept && fresh(kept)) return Promise.resolve(kept)
    // A read begun before a change was announced may hold what the change replaced: not shared after it.
    const version = announcements.version()
    const pending = loading.get(url)
    if (pending?.version === version) return pending.answer
    const started = load(url, topics, read).finally(() => {
      if (loading.get(url)?.answer === started) loading.delete(url)
    })
    loading.set(url, { version, answer: started })
    return started
  }

  return {
    /** Answers a GET with `read()`'s result as JSON, reusing the answer to the same URL (200s only: errors are thrown). */
    async send(req: Request, res: Response, topics: Topic[], read: () => Promise<unknown>) {
      write(req, res, await answerFor(req.originalUrl, topics, read))
    },

    /** Drops every answer whenever `changes` announces a change to public content, from this instance or another. */
    follow(changes: Announcements) {
      announcements = changes
    },

    /** Forgets every kept answer made from one of `topics`, and any read of them under way. */
    drop(...topics: Topic[]) {
      for (const topic of topics) {
        generations.set(topic, (generations.get(topic) ?? 0) + 1)
        const urls = urlsOf.get(topic)
        if (urls) for (const url of [...urls]) forget(url)
      }
      loading.clear()
    },

    /** Serves a GET whose answer is kept and fresh, before sessions, parsers and routing; anything else goes on. */
    fromMemory({ dev }: { dev: boolean }): RequestHandler {
      return (req, res, next) => {
        if (req.method !== 'GET') return next()
        const answer = answers.get(req.url)
        if (!answer || !fresh(answer)) return next()
        setApiHeaders(req, res, dev)
        res.setHeader('Cache-Control', 'no-store')
        write(req, res, answer)
      }
    },
  }
}
export type PublicReads = ReturnType<typeof createPublicReads>

function write(req: Request, res: Response, answer: Answer) {
  let body = answer.body
  res.setHeader('Vary', 'Accept-Encoding')
  if (answer.gzip) {
    const encoding = acceptedEncodings(req.headers['accept-encoding']).find((e) => answer[e])
    if (encoding) {
      res.setHeader('Content-Encoding', encoding)
      body = answer[encoding]!
    }
  }
  res.setHeader('Content-Type', JSON_TYPE)
  res.setHeader('Content-Length', body.length)
  res.statusCode = 200
  res.end(body)
}
