import zlib from 'node:zlib'

/**
 * A cached page as gzip with a fresh nonce in it, without compressing the
 * page again for each response (decision 12, docs/decisions/0012-page-cache.md).
 * What it guarantees: the bytes a client inflates are exactly the page's parts
 * with the response's nonce between them (a valid gzip member: deflate blocks
 * that end on byte boundaries, the nonce in stored blocks, CRC-32 and length
 * of the whole); no back-reference ever points into a nonce, whose bytes
 * differ per response. tests/unit/page-cache.test.ts inflates the result
 * with zlib and compares it with the page.
 */

/** The page's bytes between the placeholders, and each part deflated on its own (see deflateOptions). */
export function compressAroundNonce(body: Buffer, placeholder: string): { parts: Buffer[]; deflated: Buffer[] } {
  const marker = Buffer.from(placeholder)
  const starts = [0]
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) starts.push(at + marker.length)
  const parts = starts.map((start, i) => body.subarray(start, i + 1 < starts.length ? starts[i + 1]! - marker.length : body.length))
  const deflated = parts.map((part, i) => zlib.deflateRawSync(part, deflateOptions(body, marker, starts[i]!)))
  return { parts, deflated }
}

/**
 * Each part is compressed alone and ends on a byte boundary (sync flush), so parts and
 * nonces can be joined into one valid deflate stream without compressing again. What
 * precedes a part is given as its dictionary, so it still refers back to earlier text
 * (a page compressed part by part is otherwise a third larger), with every nonce in it
 * blanked out as NUL bytes, which no page text matches: no reference can point into a
 * nonce, whose bytes differ per response.
 */
function deflateOptions(body: Buffer, marker: Buffer, start: number): zlib.ZlibOptions {
  const options: zlib.ZlibOptions = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }
  if (start === 0 || body.includes(0)) return options
  const window = Buffer.from(body.subarray(Math.max(0, start - 32_768), start))
  for (let at = window.indexOf(marker); at !== -1; at = window.indexOf(marker, at + marker.length)) window.fill(0, at, at + marker.length)
  // The window may begin in the middle of a nonce.
  if (start > window.length) window.fill(0, 0, marker.length - 1)
  return { ...options, dictionary: window }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** A last, empty stored block: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff])

/** One stored (uncompressed) deflate block holding `data`, which must be under 64 KB. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5)
  header.writeUInt16LE(data.length, 1)
  header.writeUInt16LE(~data.length & 0xffff, 3)
  return Buffer.concat([header, data])
}

/** The page as one gzip member: the parts compressed once, the nonce (as long as the placeholder was) in stored blocks between them. */
export function gzipWithNonce(parts: Buffer[], deflated: Buffer[], nonce: Buffer): Buffer {
  const nonceBlock = storedBlock(nonce)
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(nonceBlock)
      crc = zlib.crc32(nonce, crc)
      size += nonce.length
    }
    chunks.push(deflated[i]!)
    crc = zlib.crc32(part, crc)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  chunks.push(FINAL_BLOCK, trailer)
  return Buffer.concat(chunks)
}

/** Split a page and compress its parts as the cache does (for its tests). */
export function splitAroundNonce(html: string, placeholder: string) {
  return compressAroundNonce(Buffer.from(html), placeholder)
}
