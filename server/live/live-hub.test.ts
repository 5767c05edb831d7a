import { EventEmitter } from 'node:events'
import type { Request, Response } from 'express'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL } from '#common/live'
import type { Notifications } from '../db/notifications'
import { createLiveHub, MAX_BUFFERED_BYTES } from './live-hub'

/** A response whose client reads nothing: every write stays in its buffer. */
function unreadResponse() {
  const res = Object.assign(new EventEmitter(), {
    writableLength: 0,
    destroyed: false,
    written: [] as string[],
    status: () => res,
    set: () => res,
    flushHeaders: () => {},
    write(chunk: string) {
      res.written.push(chunk)
      res.writableLength += chunk.length
      return false
    },
    end: () => {},
    destroy() {
      res.destroyed = true
      res.emit('close')
    },
  })
  return res
}
const request = (sessionID: string) => ({ sessionID, socket: { setNoDelay: () => {} } }) as unknown as Request

/** A listener the test announces changes through (the sessions' channel is heard too, and left silent here). */
function fakeNotifications() {
  const handlers: ((payload: string) => void)[] = []
  const notifications: Notifications = {
    on: (channel, handler) => {
      expect([SERVICE_CHANGES_CHANNEL, SESSION_ENDED_CHANNEL]).toContain(channel)
      if (channel === SERVICE_CHANGES_CHANNEL) handlers.push(handler)
      return () => {}
    },
    onListening: () => () => {},
    listening: () => true,
    close: async () => {},
  }
  return { notifications, announce: (payload: string) => handlers.forEach((h) => h(payload)) }
}

describe('the live hub', () => {
  it('cuts off a client that stops reading once its unsent events pass the limit, and keeps the others', () => {
    const hub = createLiveHub({ logger: pino({ level: 'silent' }), sessionsLeft: async (sids) => new Set(sids) })
    const { notifications, announce } = fakeNotifications()
    hub.follow(notifications)
    const slow = unreadResponse()
    const reading = unreadResponse()
    hub.open(request('a'), slow as unknown as Response)
    hub.open(request('b'), reading as unknown as Response)
    const payload = JSON.stringify({ kind: 'reservation', date: '2026-12-05', id: 1 })
    const perEvent = `event: change\ndata: ${payload}\n\n`.length
    for (let i = 0; i < MAX_BUFFERED_BYTES / perEvent + 10; i++) {
      reading.writableLength = 0 // this one's client keeps up
      announce(payload)
    }
    expect(slow.destroyed).toBe(true)
    expect(slow.writableLength).toBeLessThanOrEqual(MAX_BUFFERED_BYTES)
    expect(reading.destroyed).toBe(false)
    expect(hub.count()).toBe(1)
    hub.closeAll()
  })

  it('passes on only well-formed changes, re-serialised', () => {
    const hub = createLiveHub({ logger: pino({ level: 'silent' }), sessionsLeft: async (sids) => new Set(sids) })
    const { notifications, announce } = fakeNotifications()
    hub.follow(notifications)
    const res = unreadResponse()
    hub.open(request('a'), res as unknown as Response)
    announce('not json')
    announce('{"kind":"reservation","date":"2026-12-05","id":7,"name":"Ann"}')
    expect(res.written.filter((w) => w.startsWith('event: change'))).toEqual(['event: change\ndata: {"kind":"reservation","date":"2026-12-05","id":7}\n\n'])
    hub.closeAll()
  })
})
