import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, describe, expect, it } from 'vitest'
import { acceptedEncodings, precompressedAssets } from '../../server/http/precompressed'

// A build's assets folder: a script with both compressed copies, a stylesheet with none.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-assets-'))
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))}\n`
fs.writeFileSync(path.join(dir, 'app-abc123.js'), script)
fs.writeFileSync(path.join(dir, 'app-abc123.js.br'), zlib.brotliCompressSync(script))
fs.writeFileSync(path.join(dir, 'app-abc123.js.gz'), zlib.gzipSync(script))
fs.writeFileSync(path.join(dir, 'plain-def456.css'), `body{color:red}${' '.repeat(3000)}`)
// Two more whose files go away after the start, as under an app whose build was replaced in place.
for (const name of ['gone-aaa111.js', 'half-bbb222.js']) {
  fs.writeFileSync(path.join(dir, name), script)
  fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(script))
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// As the app mounts it: behind the compression middleware, in front of express.static.
const app = express()
app.use(compression())
app.use('/assets', precompressedAssets(dir, { maxAge: '1y' }), express.static(dir, { immutable: true, maxAge: '1y' }))
// Then the pages, which set their own type as React Router's adapter does (appending it).
app.use((_req, res) => {
  res.status(404)
  res.append('Content-Type', 'text/html; charset=utf-8')
  res.end('<h1>Not found</h1>')
})

const server = app.listen(0, '127.0.0.1')
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** An answer as sent on the wire: status, headers and the body's bytes (no client decoding them). */
function raw(url: string, encoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that takes br, as it was written at build time', async () => {
    const res = await raw('/assets/app-abc123.js', 'gzip, deflate, br, zstd')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers.vary).toContain('Accept-Encoding')
    expect(res.body).toEqual(fs.readFileSync(path.join(dir, 'app-abc123.js.br')))
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script)
  })

  it('sends the gzip copy when br is not taken, and the file itself when neither is', async () => {
    const gz = await raw('/assets/app-abc123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script)
    const plain = await raw('/assets/app-abc123.js', 'identity')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('leaves a file without copies to express.static and the compression middleware', async () => {
    const res = await raw('/assets/plain-def456.css', 'gzip')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(res.body).toString()).toContain('body{color:red}')
    expect((await raw('/assets/missing.js', 'br')).status).toBe(404)
    expect((await raw('/assets/..%2F..%2Fetc%2Fpasswd', 'br')).status).toBe(404)
  })

  it('falls through cleanly when a compressed copy has gone since the start: the file itself, or the 404 page', async () => {
    fs.rmSync(path.join(dir, 'gone-aaa111.js'))
    fs.rmSync(path.join(dir, 'gone-aaa111.js.br'))
    const gone = await raw('/assets/gone-aaa111.js', 'br')
    expect(gone.status).toBe(404)
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(gone.headers['content-encoding']).toBeUndefined()
    expect(gone.body.toString()).toBe('<h1>Not found</h1>')

    fs.rmSync(path.join(dir, 'half-bbb222.js.br'))
    const half = await raw('/assets/half-bbb222.js', 'identity, br;q=0.5')
    expect(half.status).toBe(200)
    expect(half.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(half.headers['content-encoding']).toBeUndefined()
    expect(half.body.toString()).toBe(script)
  })

  it('reads Accept-Encoding with q-values: q=0 refuses an encoding', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip'])
    expect(acceptedEncodings('br;q=0.0,gzip;q=0')).toEqual([])
    expect(acceptedEncodings(undefined)).toEqual([])
    expect(acceptedEncodings('*')).toEqual([])
  })
})
