import { describe, expect, it } from 'vitest'
import { oneAtATime } from '../../server/reservations/one-at-a-time'

describe('oneAtATime', () => {
  it('runs the work of one key in arrival order, one at a time, and other keys alongside', async () => {
    const run = oneAtATime()
    const log: string[] = []
    const step = (name: string, ms: number) => async () => {
      log.push(`${name} start`)
      await new Promise((r) => setTimeout(r, ms))
      log.push(`${name} end`)
      return name
    }
    const results = await Promise.all([run('a', step('a1', 30)), run('a', step('a2', 1)), run('b', step('b1', 10))])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end', 'a1 end', 'a2 start', 'a2 end'])
  })

  it('goes on after a failure, which only its own caller sees', async () => {
    const run = oneAtATime()
    const failed = run('a', () => Promise.reject(new Error('refused')))
    const next = run('a', async () => 'booked')
    await expect(failed).rejects.toThrow('refused')
    expect(await next).toBe('booked')
  })
})
