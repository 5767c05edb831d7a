import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { gzipWithNonce, splitAroundNonce } from '../../server/http/page-cache'

// Nonces are 16 random bytes in base64: a response's is as long as the placeholder.
const PLACEHOLDER = 'cGxhY2Vob2xkZXJub25jZQ=='
const NONCE = 'bjBuY2UtZm9yLWEtcmVzcA=='
const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head><body>` +
  `<p>${'The Wheatsheaf Inn, Little Hadham. '.repeat(400)}</p><p>Caf\u00e9 \u00a3 \u{1f37a}</p>` +
  `<script nonce="${nonce}">window.b=2</script><script nonce="${nonce}" type="module">import "/x.js"</script></body></html>`

describe('a cached page compressed once, each response with its own nonce', () => {
  it('is a valid gzip stream of the page with the response nonce in every place', () => {
    const { parts, deflated } = splitAroundNonce(page(PLACEHOLDER), PLACEHOLDER)
    expect(parts).toHaveLength(4)
    for (const nonce of ['Zmlyc3QtcmVzcG9uc2Uhbm9=', 'AAAAAAAAAAAAAAAAAAAAAA==']) {
      const body = gzipWithNonce(parts, deflated, Buffer.from(nonce))
      expect(zlib.gunzipSync(body).toString()).toBe(page(nonce))
    }
  })

  it('holds a page that starts or ends with the nonce, or has none', () => {
    for (const html of [`${PLACEHOLDER}<p>x</p>${PLACEHOLDER}`, '<p>no scripts</p>', '']) {
      const { parts, deflated } = splitAroundNonce(html, PLACEHOLDER)
      expect(zlib.gunzipSync(gzipWithNonce(parts, deflated, Buffer.from(NONCE))).toString()).toBe(html.replaceAll(PLACEHOLDER, NONCE))
    }
  })
})
