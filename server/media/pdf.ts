import { Worker } from 'node:worker_threads'
import { HttpError } from '../http/errors'

export const UNREADABLE_PDF = 'The PDF could not be read. Upload the menu as a PDF saved by a PDF program.'
export const PDF_TOO_LARGE =
  'The PDF expands to far more than a menu needs when it is read, so it was not stored. Save it again from a PDF program (or print it to PDF) and upload that.'
export const PDF_TOO_SLOW = 'The PDF took too long to read, so it was not stored. Save it again from a PDF program (or print it to PDF) and upload that.'

/** The most a PDF's compressed streams may inflate to while it is checked, all of them together. */
export const PDF_INFLATE_LIMIT_BYTES = 64 * 1024 * 1024
/** The check's own heap: far more than a menu's pages need, far less than the box has. */
const WORKER_HEAP_MB = 192
export const PDF_CHECK_TIMEOUT_MS = 20_000

type WorkerAnswer = { pages: number } | { problem: 'too-large' | 'unreadable' }

/**
 * Checks that a file that starts like a PDF is one: it must parse, with at
 * least one page. (A prefix check alone would store any file that begins
 * with `%PDF-`.) The parse runs in a worker thread (pdf-worker.mjs) with a
 * heap limit, a bound on what its streams may inflate to and a time limit,
 * so a hostile PDF costs the app neither its event loop nor its memory: what
 * passes a limit is refused with 415 and says why.
 */
export async function checkPdf(file: string, limits: { timeoutMs?: number; inflateLimitBytes?: number } = {}): Promise<{ pages: number }> {
  const { timeoutMs = PDF_CHECK_TIMEOUT_MS, inflateLimitBytes = PDF_INFLATE_LIMIT_BYTES } = limits
  const answer = await new Promise<WorkerAnswer | 'timeout' | 'out-of-memory'>((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
      workerData: { file, inflateLimitBytes },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    })
    const timer = setTimeout(() => {
      resolve('timeout')
      void worker.terminate()
    }, timeoutMs)
    const settle = (value: WorkerAnswer | 'out-of-memory') => {
      clearTimeout(timer)
      resolve(value)
      void worker.terminate()
    }
    worker.once('message', (message: WorkerAnswer) => settle(message))
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') settle('out-of-memory')
      else {
        clearTimeout(timer)
        reject(error)
      }
    })
    worker.once('exit', () => settle({ problem: 'unreadable' }))
  })
  if (answer === 'timeout') throw new HttpError(415, PDF_TOO_SLOW)
  if (answer === 'out-of-memory' || ('problem' in answer && answer.problem === 'too-large')) throw new HttpError(415, PDF_TOO_LARGE)
  if ('problem' in answer || answer.pages < 1) throw new HttpError(415, UNREADABLE_PDF)
  return { pages: answer.pages }
}
