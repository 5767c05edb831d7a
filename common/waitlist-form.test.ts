import { describe, expect, it } from 'vitest'
import { windowFor } from './waitlist-form'

describe('windowFor', () => {
  it('starts at the first time taken and holds at most two hours of them', () => {
    expect(windowFor(['19:00', '19:30'])).toEqual({ earliestTime: '19:00', latestTime: '19:30' })
    expect(windowFor(['18:30', '19:00', '19:30', '20:00', '20:30', '21:00'])).toEqual({ earliestTime: '18:30', latestTime: '20:30' })
    // Times far apart: the window stays with the first.
    expect(windowFor(['13:00', '19:00'])).toEqual({ earliestTime: '13:00', latestTime: '13:00' })
    expect(windowFor([])).toBeUndefined()
  })
})
