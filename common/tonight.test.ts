import { describe, expect, it } from 'vitest'
import { isLate, isServiceTime, minutesOverTime, nextSteps, stillTakenBy, tonightCovers, undoTarget } from './tonight'
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

  it('counts a seated party over its time from the end of its booked stay, and only while it is seated', () => {
    const seated = { startTime: '18:00', durationMinutes: 120, visitState: 'seated' as const }
    expect(minutesOverTime(seated, at('20:00'))).toBe(0)
    expect(minutesOverTime(seated, at('20:10'))).toBe(10)
    expect(minutesOverTime({ ...seated, visitState: 'finished' }, at('20:10'))).toBe(0)
    expect(minutesOverTime({ ...seated, visitState: 'arrived' }, at('20:10'))).toBe(0)
  })

  it('warns a party arrived, due within half an hour or late, that a party over its time still has its table', () => {
    const t4 = [{ id: 4, name: 'T4', area: 'Restaurant' }]
    const lingering = { id: 1, status: 'confirmed' as const, startTime: '18:00', durationMinutes: 120, visitState: 'seated' as const, tables: t4 }
    const next = { id: 2, status: 'confirmed' as const, startTime: '20:00', durationMinutes: 120, visitState: 'expected' as const, tables: t4 }
    const day = [lingering, next]
    expect(stillTakenBy(next, day, at('19:59'))).toBeUndefined()
    expect(stillTakenBy(next, day, at('20:10'))).toBe(lingering)
    expect(stillTakenBy({ ...next, visitState: 'arrived' }, day, at('20:10'))).toBe(lingering)
    // Not yet due: half an hour ahead is soon enough to look.
    expect(stillTakenBy({ ...next, startTime: '20:35' }, day, at('20:05'))).toBe(lingering)
    expect(stillTakenBy({ ...next, startTime: '20:36' }, day, at('20:05'))).toBeUndefined()
    // Already here, early, and waiting at the bar: told whatever their booked time.
    expect(stillTakenBy({ ...next, startTime: '21:00', visitState: 'arrived' }, day, at('20:05'))).toBe(lingering)
    // Seated already, cancelled, at another table, or the first party gone: nothing to say.
    expect(stillTakenBy({ ...next, visitState: 'seated' }, day, at('20:10'))).toBeUndefined()
    expect(stillTakenBy({ ...next, status: 'cancelled' as const }, day, at('20:10'))).toBeUndefined()
    expect(stillTakenBy({ ...next, tables: [{ id: 5, name: 'T5', area: 'Restaurant' }] }, day, at('20:10'))).toBeUndefined()
    expect(stillTakenBy(next, [{ ...lingering, visitState: 'finished' as const }, next], at('20:10'))).toBeUndefined()
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
