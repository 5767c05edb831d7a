import zlib from 'node:zlib'

/**
 * A zlib stream of `mb` megabytes of zeros, made without holding them: one
 * megabyte compressed on its own, ending on a byte boundary (sync flush, no
 * back-references out of it), repeated, then an empty final block and the
 * checksum. About 1 KB a megabyte.
 */
function zerosCompressed(mb: number): Buffer {
  const segment = zlib.deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })
  // Adler-32 of n zero bytes: a stays 1, b grows by 1 a byte.
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE(((((mb * (1 << 20)) % 65521) << 16) | 1) >>> 0)
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(mb).fill(segment), Buffer.from([0x03, 0x00]), adler])
}

/**
 * A PDF bomb (issue 31): a well-formed one-page PDF with an object stream
 * that inflates to `inflatedMb` megabytes when a reader opens it (1024 MB
 * from a file of about 1 MB, as in the attack that blocked the server).
 */
export function pdfBomb(inflatedMb = 1024): Buffer {
  const stream = zerosCompressed(inflatedMb)
  const head = Buffer.from(
    '%PDF-1.5\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n' +
      `4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length ${stream.length}>>stream\n`,
  )
  return Buffer.concat([head, stream, Buffer.from('\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')])
}
