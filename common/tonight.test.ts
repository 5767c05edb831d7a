import { describe, expect, it } from 'vitest'
import { isLate, isServiceTime, nextSteps, tonightCovers, undoTarget } from './tonight'
import { NO_VISIT_TIMES, type VisitState } from './visit'

const booking = (over: {
  startTime?: string
  visitState?: VisitState
  status?: 'confirmed' | 'pending' | 'cancelled'
  partySize?: number
  arrivedAt?: string
}) => ({
  startTime: over.startTime ?? '19:00',
  status: over.status ?? 'confirmed',
  visitState: over.visitState ?? 'expected',
  partySize: over.partySize ?? 2,
  visitTimes: { ...NO_VISIT_TIMES, arrivedAt: over.arrivedAt ?? null },
})
const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))

describe('Tonight', () => {
  it('counts a party late from 15 minutes after its time, and only while it is expected', () => {
    expect(isLate(booking({}), at('19:14'))).toBe(false)
    expect(isLate(booking({}), at('19:15'))).toBe(true)
    expect(isLate(booking({ visitState: 'arrived' }), at('20:00'))).toBe(false)
    expect(isLate(booking({ status: 'cancelled' }), at('20:00'))).toBe(false)
  })

  it('offers the next step, and No-show only once the party is late', () => {
    expect(nextSteps(booking({}), at('19:00'))).toEqual(['arrived'])
    expect(nextSteps(booking({}), at('19:15'))).toEqual(['arrived', 'no_show'])
    expect(nextSteps(booking({ visitState: 'arrived' }), at('19:30'))).toEqual(['seated'])
    expect(nextSteps(booking({ visitState: 'seated' }), at('19:30'))).toEqual(['finished'])
    expect(nextSteps(booking({ visitState: 'finished' }), at('22:00'))).toEqual([])
    expect(nextSteps(booking({ visitState: 'no_show' }), at('22:00'))).toEqual([])
  })

  it('undoes the last step taken: a party seated without arriving goes back to expected', () => {
    expect(undoTarget(booking({}))).toBeNull()
    expect(undoTarget(booking({ visitState: 'arrived' }))).toBe('expected')
    expect(undoTarget(booking({ visitState: 'seated', arrivedAt: '2026-11-26T19:01:00Z' }))).toBe('arrived')
    expect(undoTarget(booking({ visitState: 'seated' }))).toBe('expected')
    expect(undoTarget(booking({ visitState: 'finished' }))).toBe('seated')
    expect(undoTarget(booking({ visitState: 'no_show' }))).toBe('expected')
    expect(undoTarget(booking({ visitState: 'no_show', arrivedAt: '2026-11-26T19:01:00Z' }))).toBe('arrived')
  })

  it('counts covers expected (no-shows and cancellations aside), seated now and still to come; requests apart', () => {
    const day = [
      booking({ partySize: 2 }),
      booking({ partySize: 4, visitState: 'arrived' }),
      booking({ partySize: 3, visitState: 'seated' }),
      booking({ partySize: 5, visitState: 'finished' }),
      booking({ partySize: 6, visitState: 'no_show' }),
      booking({ partySize: 8, status: 'cancelled' }),
      booking({ partySize: 10, status: 'pending' }),
      booking({ partySize: 7, status: 'pending' }),
    ]
    expect(tonightCovers(day)).toEqual({ expected: 14, seatedNow: 3, toCome: 2, requested: 17 })
  })

  it('is service time from 3 pm', () => {
    expect(isServiceTime(at('14:59'))).toBe(false)
    expect(isServiceTime(at('15:00'))).toBe(true)
  })
})
