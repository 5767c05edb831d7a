// The PDF check of server/media/pdf.ts, in a worker thread of its own: a PDF
// whose object streams inflate to gigabytes (a "PDF bomb") once blocked the
// app's event loop for seconds and took its memory to 3 GB. Here it can only
// use this thread's time and the memory pdf.ts gives it, and decompression is
// bounded: every stream pdf-lib inflates while it reads the file grows its
// buffer through DecodeStream.ensureBuffer, which is counted below.
// Plain JavaScript, so the production build can run it beside server-entry.js.
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import { parentPort, workerData } from 'node:worker_threads'

const require = createRequire(import.meta.url)
const { PDFDocument } = require('pdf-lib')
const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream').default

class InflateLimit extends Error {}

const { file, inflateLimitBytes } = workerData
let inflated = 0
let overLimit = false
const ensureBuffer = DecodeStream.prototype.ensureBuffer
DecodeStream.prototype.ensureBuffer = function (requested) {
  const had = this.buffer.byteLength
  if (requested > had) {
    // The size the buffer is about to grow to, as ensureBuffer works it out (doubling), counted before it is
    // allocated: together, the buffers of every stream read so far.
    let size = this.minBufferLength
    while (size < requested) size *= 2
    inflated += size - had
    if (inflated > inflateLimitBytes) {
      overLimit = true
      throw new InflateLimit()
    }
  }
  return ensureBuffer.call(this, requested)
}

let result
try {
  const doc = await PDFDocument.load(await fs.readFile(file), { updateMetadata: false, ignoreEncryption: true })
  result = overLimit ? { problem: 'too-large' } : { pages: doc.getPageCount() }
} catch (error) {
  // pdf-lib recovers from some errors inside a file: the limit, once passed, is said whatever it threw.
  result = { problem: overLimit || error instanceof InflateLimit ? 'too-large' : 'unreadable' }
}
parentPort.postMessage(result)
