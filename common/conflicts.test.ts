import { describe, expect, it } from 'vitest'
import { conflictFields, conflictMessage, mergeChoices } from './conflicts'

describe('the lost-update conflict', () => {
  it('says who changed what kind of record, and when', () => {
    expect(conflictMessage('reservation', 'sam', '19:42')).toBe('This booking was changed by sam at 19:42 while you were editing.')
    expect(conflictMessage('event', null, '09:05')).toBe('This event was changed at 09:05 while you were editing.')
  })

  it("proposes their value where only they changed it, mine where I did, and flags fields both changed", () => {
    const base = { partySize: 2, additionalInfo: '', name: 'Ann' }
    const mine = { partySize: 2, additionalInfo: 'Window seat', name: 'Anne' }
    const theirs = { partySize: 5, additionalInfo: '', name: 'Annie' }
    expect(conflictFields(base, mine, theirs)).toEqual([
      { key: 'partySize', mine: 2, theirs: 5, proposed: 'theirs', both: false },
      { key: 'additionalInfo', mine: 'Window seat', theirs: '', proposed: 'mine', both: false },
      { key: 'name', mine: 'Anne', theirs: 'Annie', proposed: 'mine', both: true },
    ])
    // The lost update of the issue: A changed only the notes, B the party; merged, both survive.
    expect(mergeChoices(mine, theirs, { partySize: 'theirs', additionalInfo: 'mine', name: 'theirs' })).toEqual({ partySize: 5, additionalInfo: 'Window seat', name: 'Annie' })
  })
})
