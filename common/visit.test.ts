import { describe, expect, it } from 'vitest'
import { decideVisitMove, heldMinutes, previousVisitState, type VisitBooking, type VisitState } from './visit'

const booking = (over: Partial<VisitBooking> = {}): VisitBooking => ({ status: 'confirmed', date: '2026-12-05', startTime: '19:30', visitState: 'expected', arrived: false, ...over })
const at = (time: string, date = '2026-12-05') => ({ date, minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) })
const LATE = at('19:45')

describe('decideVisitMove', () => {
  const cases: [string, Partial<VisitBooking>, VisitState, ReturnType<typeof decideVisitMove>][] = [
    ['arrives', {}, 'arrived', { ok: true, undo: false }],
    ['is seated straight away', {}, 'seated', { ok: true, undo: false }],
    ['is seated after arriving', { visitState: 'arrived', arrived: true }, 'seated', { ok: true, undo: false }],
    ['finishes', { visitState: 'seated' }, 'finished', { ok: true, undo: false }],
    ['is a no-show from expected', {}, 'no_show', { ok: true, undo: false }],
    ['is a no-show after arriving', { visitState: 'arrived', arrived: true }, 'no_show', { ok: true, undo: false }],
    ['undoes arrived', { visitState: 'arrived', arrived: true }, 'expected', { ok: true, undo: true }],
    ['undoes seated back to arrived', { visitState: 'seated', arrived: true }, 'arrived', { ok: true, undo: true }],
    ['undoes seated straight away back to expected', { visitState: 'seated' }, 'expected', { ok: true, undo: true }],
    ['undoes finished', { visitState: 'finished' }, 'seated', { ok: true, undo: true }],
    ['undoes a no-show', { visitState: 'no_show' }, 'expected', { ok: true, undo: true }],
    ['undoes even a cancelled booking’s step', { visitState: 'arrived', arrived: true, status: 'cancelled' }, 'expected', { ok: true, undo: true }],
  ]
  it.each(cases)('%s', (_rule, over, target, expected) => expect(decideVisitMove(booking(over), target, LATE)).toEqual(expected))

  it.each([
    ['skips from expected to finished', {}, 'finished', 'visit_not_allowed'],
    ['goes back two steps', { visitState: 'finished', arrived: true }, 'arrived', 'visit_not_allowed'],
    ['goes back from seated straight away to arrived', { visitState: 'seated' }, 'arrived', 'visit_not_allowed'],
    ['finishes a no-show', { visitState: 'no_show' }, 'finished', 'visit_not_allowed'],
    ['repeats the step', { visitState: 'seated' }, 'seated', 'visit_unchanged'],
    ['arrives while pending', { status: 'pending' }, 'arrived', 'visit_not_active'],
    ['is seated while cancelled', { status: 'cancelled' }, 'seated', 'visit_not_active'],
    ['arrives a day early', { date: '2026-12-06' }, 'arrived', 'visit_not_today'],
  ] as const)('refuses a booking that %s', (_rule, over, target, code) => {
    expect(decideVisitMove(booking(over), target, LATE)).toMatchObject({ ok: false, code })
  })

  it('offers a no-show from 15 minutes after the booked time, across midnight too', () => {
    expect(decideVisitMove(booking(), 'no_show', at('19:44'))).toMatchObject({ ok: false, code: 'visit_too_early', message: expect.stringContaining('7:45 PM') })
    expect(decideVisitMove(booking({ startTime: '23:50' }), 'no_show', at('00:04', '2026-12-06'))).toMatchObject({ code: 'visit_too_early', message: expect.stringContaining('12:05 AM') })
    expect(decideVisitMove(booking({ startTime: '23:50' }), 'no_show', at('00:05', '2026-12-06'))).toEqual({ ok: true, undo: false })
  })

  it('knows the step an undo goes back to', () => {
    expect(previousVisitState({ visitState: 'expected', arrived: false })).toBeUndefined()
    expect(previousVisitState({ visitState: 'no_show', arrived: true })).toBe('arrived')
  })
})

describe('heldMinutes', () => {
  const r = { date: '2026-12-05', startTime: '19:00', durationMinutes: 120, visitTimes: { arrivedAt: null, seatedAt: null, finishedAt: null, noShowAt: null } }
  it('is the duration, or until the party finished or was marked a no-show (venue time)', () => {
    expect(heldMinutes({ ...r, visitState: 'seated' }, 'Europe/London')).toBe(120)
    expect(heldMinutes({ ...r, visitState: 'finished', visitTimes: { ...r.visitTimes, finishedAt: '2026-12-05T20:10:00Z' } }, 'Europe/London')).toBe(70)
    expect(heldMinutes({ ...r, visitState: 'no_show', visitTimes: { ...r.visitTimes, noShowAt: '2026-12-06T01:00:00Z' } }, 'Europe/London')).toBe(120)
  })
})
