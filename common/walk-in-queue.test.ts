import { describe, expect, it } from 'vitest'
import { queuePartyText, waitedMinutes, waitedText } from './walk-in-queue-schema'

const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))

describe('how long a party in the queue has waited', () => {
  it('counts the minutes since they joined, never below none', () => {
    expect(waitedMinutes({ joinedTime: '20:10' }, at('20:35'))).toBe(25)
    expect(waitedMinutes({ joinedTime: '20:10' }, at('20:10'))).toBe(0)
    // A screen whose minute has not caught up with the server's yet.
    expect(waitedMinutes({ joinedTime: '20:10' }, at('20:09'))).toBe(0)
  })

  it('says it against the wait quoted, and by how much it is over', () => {
    expect(waitedText({ joinedTime: '20:10', quotedMinutes: 20 }, at('20:22'))).toEqual({ text: 'Waited 12 minutes of the 20 quoted', over: 0 })
    expect(waitedText({ joinedTime: '20:10', quotedMinutes: 20 }, at('20:30'))).toEqual({ text: 'Waited 20 minutes of the 20 quoted', over: 0 })
    expect(waitedText({ joinedTime: '20:10', quotedMinutes: 20 }, at('20:31'))).toEqual({ text: 'Waited 21 minutes: 1 minute over the 20 quoted', over: 1 })
    expect(waitedText({ joinedTime: '20:10', quotedMinutes: null }, at('20:11'))).toEqual({ text: 'Waited 1 minute', over: 0 })
    expect(queuePartyText({ name: 'Sam', partySize: 4 })).toBe('Sam (4)')
  })
})
