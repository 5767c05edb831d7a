/** The file types staff may upload, each recognised from its first bytes. */
export type MediaType = {
  ext: 'png' | 'jpg' | 'gif' | 'webp' | 'pdf'
  contentType: string
  /** sharp's name for the format; undefined for documents. */
  sharpFormat?: 'png' | 'jpeg' | 'gif' | 'webp'
}

const PNG: MediaType = { ext: 'png', contentType: 'image/png', sharpFormat: 'png' }
const JPEG: MediaType = { ext: 'jpg', contentType: 'image/jpeg', sharpFormat: 'jpeg' }
const GIF: MediaType = { ext: 'gif', contentType: 'image/gif', sharpFormat: 'gif' }
const WEBP: MediaType = { ext: 'webp', contentType: 'image/webp', sharpFormat: 'webp' }
const PDF: MediaType = { ext: 'pdf', contentType: 'application/pdf' }

/** How many leading bytes `sniffMediaType` needs. */
export const SNIFF_BYTES = 16

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/**
 * The type of a file from its magic numbers, ignoring its name and declared
 * type; undefined for anything that is not PNG, JPEG, GIF, WebP or PDF (so SVG,
 * HTML and text files are refused whatever they are called).
 */
export function sniffMediaType(head: Uint8Array): MediaType | undefined {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return GIF
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return WEBP
  if (startsWith(head, ascii('%PDF-'))) return PDF
  return undefined
}

/** The content type of a stored name, from the extension the server gave it. */
export function contentTypeOfStoredName(name: string): string | undefined {
  const ext = name.slice(name.lastIndexOf('.') + 1)
  return [PNG, JPEG, GIF, WEBP, PDF].find((t) => t.ext === ext)?.contentType
}
