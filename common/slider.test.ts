import { describe, expect, it } from 'vitest'
import { nextSlideIndex, visibleSlideIndex } from './slider'

describe('hero slider index', () => {
  it('advances one slide at a time', () => {
    expect(nextSlideIndex(0, 3)).toBe(1)
    expect(nextSlideIndex(1, 3)).toBe(2)
  })

  it('wraps from the last slide to the first', () => {
    expect(nextSlideIndex(2, 3)).toBe(0)
  })

  it('stays at 0 with one slide or none', () => {
    expect(nextSlideIndex(0, 1)).toBe(0)
    expect(nextSlideIndex(0, 0)).toBe(0)
  })

  it('resets to 0 when the slides shrink below the index', () => {
    expect(visibleSlideIndex(2, 2)).toBe(0)
    expect(visibleSlideIndex(4, 3)).toBe(0)
    expect(visibleSlideIndex(1, 3)).toBe(1)
  })
})
