import { describe, expect, it } from 'vitest'
import { EventSchema } from './event-schema'

const event = {
  title: 'Quiz Night',
  description: 'Teams of up to six.',
  date: '2026-12-18',
  time: '20:00',
  endTime: '22:00',
  capacity: 40,
}
const messages = (input: object) => {
  const result = EventSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('EventSchema', () => {
  it('accepts an event whose end comes after its start', () => {
    expect(messages(event)).toEqual([])
  })

  it('refuses an end time at or before the start', () => {
    expect(messages({ ...event, endTime: '19:00' })).toEqual(['endTime: End time must be after the start time'])
    expect(messages({ ...event, endTime: '20:00' })).toEqual(['endTime: End time must be after the start time'])
  })

  it('gives the end-time error together with the other fields’ errors, so staff fix them in one go', () => {
    expect(messages({ ...event, endTime: '19:00', capacity: -5 })).toEqual([
      'capacity: Capacity must be a whole number from 0 to 100000',
      'endTime: End time must be after the start time',
    ])
  })

  it('leaves the end-time rule alone while a time itself is wrong', () => {
    expect(
      messages({ ...event, time: '25:00', endTime: '19:00' }).filter((m) => m.includes('after the start')),
    ).toEqual([])
  })
})
