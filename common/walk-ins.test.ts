import { describe, expect, it } from 'vitest'
import { preparePlan, type FloorPlan, type PlanTable } from './tables'
import { freeNowInTurn, holdsNow, nextFreeFor, walkInChoices } from './walk-ins'

const table = (id: number, max: number): PlanTable => ({ id, name: `T${id}`, areaId: 1, minCovers: 1, maxCovers: max, onlineBookable: true, isActive: true, sortOrder: id })
// T1 and T2 seat four each, T3 two; T1 + T2 pushed together seat eight.
const PLAN: FloorPlan = {
  areas: [{ id: 1, name: 'Restaurant', sortOrder: 1, onlineBookable: true, isActive: true }],
  tables: [table(1, 4), table(2, 4), table(3, 2)],
  combinations: [{ ...table(10, 8), name: 'T1+T2', minCovers: 5, tableIds: [1, 2] }],
  turnTimes: [],
}
const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))
type Hold = { tableId: number; reservationId: number; start: number; end: number; visitState: string }
const hold = (tableId: number, reservationId: number, from: string, to: string, visitState = 'expected'): Hold => ({ tableId, reservationId, start: at(from), end: at(to), visitState })
const day = (holds: Hold[], now: number) => ({ plan: preparePlan(PLAN), closedAreaIds: [], holds: holdsNow(holds, now) })

describe('seating a walk-in now', () => {
  it('keeps a seated party at its tables past its time and from before it, and nobody else', () => {
    const now = at('20:10')
    const holds = [
      hold(1, 1, '18:00', '20:00', 'seated'), // over time
      hold(2, 2, '20:30', '22:30', 'seated'), // seated early
      hold(3, 3, '18:00', '20:00', 'expected'), // never came: its hold ended at 20:00
    ]
    expect(holdsNow(holds, now)).toEqual([
      { ...holds[0], end: now + 1, dueEnd: at('20:00') },
      { ...holds[1], start: now },
      holds[2],
    ])
    expect(walkInChoices(2, now, 90, day(holds, now)).map((c) => c.candidate.name)).toEqual(['T3'])
  })

  it('quotes the earliest table free for the whole stay, best fit among the earliest, and none whose party is over its time', () => {
    const now = at('19:00')
    // T3 (two seats) frees at 20:00, T2 at 19:30 but is booked again at 20:30; T1's party is over its time.
    const holds = [hold(3, 1, '18:00', '20:00', 'seated'), hold(2, 2, '17:30', '19:30', 'seated'), hold(2, 3, '20:30', '22:30'), hold(1, 4, '16:30', '18:30', 'seated')]
    expect(nextFreeFor(2, now, 90, day(holds, now))).toMatchObject({ candidate: { name: 'T3' }, at: at('20:00') })
    // Four need T1 or T2: T2 has an hour at 19:30, short of two hours, and is free again at 22:30; T1's party may leave any time.
    expect(nextFreeFor(4, now, 120, day(holds, now))).toMatchObject({ candidate: { name: 'T2' }, at: at('22:30') })
    // Six need T1 + T2: T1's party is over its time, so no wait can be quoted.
    expect(nextFreeFor(6, now, 150, day(holds, now))).toBeUndefined()
    // Nothing before the venue closes (23:30 here), or before midnight.
    const late = day([...holds, hold(2, 5, '22:30', '23:30')], now)
    expect(nextFreeFor(4, now, 120, late)).toMatchObject({ candidate: { name: 'T2' }, at: at('23:30') })
    expect(nextFreeFor(4, now, 120, late, at('23:30'))).toBeUndefined()
  })
})

describe('the walk-in queue, first come first', () => {
  it('names each waiting party the best table free for its whole stay, leaving the tables named for the parties before it', () => {
    const now = at('20:10')
    // T2 is booked at 21:00: too soon for a two-hour stay.
    const tables = day([hold(2, 1, '21:00', '23:00')], now)
    const names = (parties: { partySize: number; stayMinutes: number }[]) => freeNowInTurn(parties, now, tables).map((c) => c?.name ?? null)
    const four = { partySize: 4, stayMinutes: 120 }
    const two = { partySize: 2, stayMinutes: 90 }
    // The first party of four has T1; the second is told of none rather than of T1 too; the pair still has T3.
    expect(names([four, four, two])).toEqual(['T1', null, 'T3'])
    // A pair first takes the two-top, and the four after it T1; a second pair would fit T1 alone, but it is named.
    expect(names([two, four, two])).toEqual(['T3', 'T1', null])
    // T2 is free for a short stay: a party staying 45 minutes is told of it.
    expect(names([four, { partySize: 4, stayMinutes: 45 }])).toEqual(['T1', 'T2'])
  })
})
