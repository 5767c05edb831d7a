import { describe, expect, it } from 'vitest'
import { freshNonce } from '../../server/http/nonce'

describe('freshNonce', () => {
  it('gives 16 random bytes in base64, never the same twice, across refills of its pool', () => {
    // 256 nonces a pool: a thousand go through it four times.
    const nonces = Array.from({ length: 1_000 }, freshNonce)
    expect(new Set(nonces).size).toBe(nonces.length)
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[a-z\d+/]{22}==$/i)
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
    }
    // Random bytes: every byte value turns up (16,000 bytes; a missing one would be a 1 in 10^25 chance).
    const seen = new Set(nonces.flatMap((nonce) => [...Buffer.from(nonce, 'base64')]))
    expect(seen.size).toBe(256)
  })
})
