import { describe, expect, it } from 'vitest'
import { phoneKey } from './phone'

describe('phoneKey', () => {
  it('writes one UK mobile however it is typed', () => {
    for (const typed of ['+44 7700 900104', '07700 900 104', '07700900104', '0044 7700-900104', ' +44 (0)7700 900104 ']) {
      expect(phoneKey(typed), typed).toBe('+447700900104')
    }
  })
  it('keeps a number of another country as that country', () => {
    expect(phoneKey('+33 6 12 34 56 78')).toBe('+33612345678')
    expect(phoneKey('+1 (212) 555-0123')).toBe('+12125550123')
  })
  it('keeps the digits of a number it cannot place, and tells two such numbers apart', () => {
    expect(phoneKey('12-34')).toBe('1234')
    expect(phoneKey('+12-34')).toBe('+1234')
    expect(phoneKey('12 35')).not.toBe(phoneKey('12 34'))
    expect(phoneKey('no phone')).toBe('')
  })
})
