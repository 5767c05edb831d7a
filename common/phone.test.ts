import { describe, expect, it } from 'vitest'
import { libraryKey, phoneKey } from './phone'

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
  it("reads the common UK case without the library, and gets the library's key", () => {
    const samples = ['07700 900104', '+44 7700 900 104', '0044 7700-900104', '020 7946 0018', '(01279) 555 014', '01632 960 001', '+44 (20) 7946 0018', '0800 123 4567', '0113 496 0000']
    for (let i = 0; i < 500; i++) samples.push(`07${String(100_000_000 + i * 7_919_921).slice(0, 9)}`, `01${String(200_000_000 + i * 3_141_593).slice(0, 9)}`)
    for (const phone of samples) expect(phoneKey(phone), phone).toBe(libraryKey(phone))
  })
})
