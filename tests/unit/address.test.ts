import { describe, expect, it } from 'vitest'
import { plainAddress } from '../../server/http/address'
import { addressGroup } from '../../server/rate-limits/challenge'

describe('plainAddress', () => {
  it.each([
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['203.0.113.9', '203.0.113.9'],
    ['2001:db8::1', '2001:db8::1'],
    ['::1', '::1'],
    // Not an IPv4 address written as IPv6: left as it is.
    ['::ffff:1234:5678', '::ffff:1234:5678'],
    ['::ffff:203.0.113.9.1', '::ffff:203.0.113.9.1'],
  ])('%s reads %s', (address, plain) => {
    expect(plainAddress(address)).toBe(plain)
  })

  it('is what the limits count by: IPv4 whole however written, IPv6 by its /64', () => {
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2')
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0')
  })
})
