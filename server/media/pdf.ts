import fsp from 'node:fs/promises'
import { HttpError } from '../http/errors'

export const UNREADABLE_PDF = 'The PDF could not be read. Upload the menu as a PDF saved by a PDF program.'

/**
 * Checks that a file that starts like a PDF is one: it must parse, with at
 * least one page. (A prefix check alone would store any file that begins
 * with `%PDF-`.) pdf-lib parses in slices, yielding to other requests.
 */
export async function checkPdf(file: string): Promise<{ pages: number }> {
  // Loaded with the first PDF, not at start-up (about 15 MB).
  const { PDFDocument } = await import('pdf-lib')
  let pages = 0
  try {
    const doc = await PDFDocument.load(await fsp.readFile(file), { updateMetadata: false, ignoreEncryption: true })
    pages = doc.getPageCount()
  } catch {
    pages = 0
  }
  if (pages < 1) throw new HttpError(415, UNREADABLE_PDF)
  return { pages }
}
