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

/**
 * A page split around its nonces, ready to be sent many times: the bytes
 * between the placeholders, each part deflated on its own (see
 * deflateOptions), and each part's CRC-32 with the operator that moves a CRC
 * past it (crc32After), so that a response's CRC is worked out from them and
 * the nonce's without reading the page again.
 */
export type SplitPage = { parts: Buffer[]; deflated: Buffer[]; crcs: number[]; past: number[] }

/** The page's bytes between the placeholders, each deflated on its own, and their CRCs (SplitPage). */
export function compressAroundNonce(body: Buffer, placeholder: string): SplitPage {
  const marker = Buffer.from(placeholder)
  const starts = [0]
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) starts.push(at + marker.length)
  const parts = starts.map((start, i) => body.subarray(start, i + 1 < starts.length ? starts[i + 1]! - marker.length : body.length))
  const deflated = parts.map((part, i) => zlib.deflateRawSync(part, deflateOptions(body, marker, starts[i]!)))
  return { parts, deflated, crcs: parts.map((part) => zlib.crc32(part)), past: parts.map((part) => crc32Past(part.length)) }
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
  const block = Buffer.allocUnsafe(5 + data.length)
  block[0] = 0
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

/**
 * The page as one gzip member, in the pieces to write one after another (a
 * page is tens of kilobytes: joining them would copy it for each response):
 * the parts compressed once, the nonce (as long as the placeholder was) in
 * stored blocks between them.
 */
export function gzipWithNonce({ parts, deflated, crcs, past }: SplitPage, nonce: Buffer): Buffer[] {
  const nonceBlock = storedBlock(nonce)
  const nonceCrc = zlib.crc32(nonce)
  const pastNonce = crc32Past(nonce.length)
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(nonceBlock)
      crc = crc32After(crc, pastNonce, nonceCrc)
      size += nonce.length
    }
    chunks.push(deflated[i]!)
    crc = crc32After(crc, past[i]!, crcs[i]!)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  chunks.push(FINAL_BLOCK, trailer)
  return chunks
}

/** The page's parts with the nonce between them, in the pieces to write one after another. */
export function plainWithNonce({ parts }: SplitPage, nonce: Buffer): Buffer[] {
  return parts.flatMap((part, i) => (i > 0 ? [nonce, part] : [part]))
}

/*
 * CRC-32 of joined data from the CRCs of its pieces (zlib's crc32_combine): the
 * CRC of A then B is the CRC of A multiplied by x^(8·|B|) modulo the CRC's
 * polynomial, plus the CRC of B (arithmetic over GF(2), bits reflected).
 */
const POLY = 0xedb88320

/** a·b modulo the polynomial. */
function multModP(a: number, b: number): number {
  // The loop below ends at a's last set bit: a has one (every power of x modulo the polynomial does), or the product is 0.
  if (a === 0) return 0
  let m = 1 << 31
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N = (() => {
  const table: number[] = []
  let p = 1 << 30 // x^1
  for (let k = 0; k < 32; k++) {
    table.push(p >>> 0)
    p = multModP(p, p)
  }
  return table
})()

/** The operator that moves a CRC past `length` bytes: x^(8·length) modulo the polynomial. */
export function crc32Past(length: number): number {
  let p = 1 << 31 // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31]!, p)
  return p >>> 0
}

/** The CRC-32 of data A then B, from A's CRC, B's operator (crc32Past(|B|)) and B's CRC. */
export function crc32After(crcA: number, pastB: number, crcB: number): number {
  return (multModP(pastB, crcA) ^ crcB) >>> 0
}

/** Split a page and compress its parts as the cache does (for its tests). */
export function splitAroundNonce(html: string, placeholder: string) {
  return compressAroundNonce(Buffer.from(html), placeholder)
}
