import { FileText, ImageUp, X } from 'lucide-react'
import * as React from 'react'
import { UPLOAD_MAX_BYTES } from '#common/constants'
import { SIGNED_OUT_MESSAGES } from '#common/live-messages'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { sessionEnded } from '~/lib/staff-session'
import { cn } from '~/lib/utils'
import { whileWriting } from './leave-guard'

/** SPEC.md section 8, word for word. */
export const UPLOAD_MESSAGES = {
  tooLarge: 'File is too large. Please choose a smaller image (under 50MB).',
  tooLargeNamed: (file: string) => `${file} is too large. Please choose a smaller image (under 50MB).`,
  failed: 'Failed to upload image',
  failedNamed: (file: string) => `Failed to upload ${file}`,
  notAnImage: 'Please select an image file',
  notAPdf: 'Please select a PDF file',
  failedToastTitle: 'Upload Failed',
  failedToastText: 'Failed to upload image. Please try again.',
  failedGalleryToastText: 'Failed to upload gallery images. Please try again.',
  uploadedTitle: 'Image Uploaded',
  uploadedText: (file: string) => `Successfully uploaded: ${file}`,
  galleryUploadedTitle: 'Gallery Images Uploaded',
  galleryUploadedText: (count: number) => `Successfully uploaded ${count} image(s)`,
} as const

export type UploadEndpoint = '/api/upload' | '/api/admin/upload'
export type UploadedFile = { url: string; filename: string; name: string }
export type UploadFailure = {
  name: string
  /** The SPEC.md message for this failure. */
  message: string
  /** The server's own explanation, when it gave one. */
  detail?: string
  kind: 'too-large' | 'wrong-type' | 'failed'
}

type Item = {
  id: string
  file: File
  previewUrl?: string
  progress: number
  status: 'waiting' | 'uploading' | 'failed'
  failure?: UploadFailure
  abort?: () => void
}

class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `Upload failed with status ${status}`)
  }
}
class UploadCancelled extends Error {}

/**
 * Sends one file as multipart `file` with XMLHttpRequest, because fetch has no
 * upload progress events. Resolves to the server's `{ url, filename }`.
 */
export function sendFile(endpoint: UploadEndpoint, file: File, onProgress: (fraction: number) => void) {
  const xhr = new XMLHttpRequest()
  const promise = new Promise<{ url: string; filename: string }>((resolve, reject) => {
    xhr.open('POST', endpoint)
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: { message?: string; url?: string; filename?: string } | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.filename && body.url) {
        resolve({ url: body.url, filename: body.filename })
      } else if (xhr.status === 401) {
        // The session ended under the screen: staff are asked to sign in again, and the file can be sent again.
        sessionEnded({ ask: true })
        reject(new UploadError(401, SIGNED_OUT_MESSAGES.refused))
      } else {
        reject(new UploadError(xhr.status, body?.message ?? (xhr.responseText || xhr.statusText || undefined)))
      }
    }
    xhr.onerror = () => reject(new UploadError(0))
    xhr.onabort = () => reject(new UploadCancelled())
    const form = new FormData()
    form.append('file', file)
    xhr.send(form)
  })
  return { promise: whileWriting(promise), abort: () => xhr.abort() }
}

function isTooLarge(error: UploadError) {
  return error.status === 413 || /file too large/i.test(error.serverMessage ?? '')
}

const isImage = (file: File) => file.type.startsWith('image/')
const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name)

let nextId = 0

export type UploadControlProps = {
  /** Where the files go; both answer `{ url, filename }`. */
  endpoint?: UploadEndpoint
  /** Images (`image/*`) or PDFs (`.pdf`). */
  accept?: 'image' | 'pdf'
  /** Several files at once, for galleries: messages then name each file. */
  multiple?: boolean
  /** Visible name of the picker, e.g. 'Upload gallery images'. */
  label?: string
  /** At most this many files are taken from one selection. */
  maxFiles?: number
  disabled?: boolean
  className?: string
  /** Called as each file is stored. */
  onUploaded: (file: UploadedFile) => void
  /**
   * Called once a selection has settled with the files that failed. When
   * given, the control leaves showing failures to the caller (no 'Upload
   * Failed' toast); its own list still names each failure.
   */
  onError?: (failures: UploadFailure[]) => void
  /** A panel's own words for a stored single file (Hero Slides: 'Success' / 'Image uploaded successfully'). */
  uploadedToast?: { title: string; description: string }
}

/**
 * The admin's one upload control: drag-and-drop or click, a preview, a real
 * progress bar per file from the upload's progress events, cancel, and the
 * messages and toasts of SPEC.md section 8.
 */
export function UploadControl({
  endpoint = '/api/upload',
  accept = 'image',
  multiple = false,
  label,
  maxFiles,
  disabled = false,
  className,
  onUploaded,
  onError,
  uploadedToast,
}: UploadControlProps) {
  const inputId = React.useId()
  const hintId = React.useId()
  const [items, setItems] = React.useState<Item[]>([])
  const [dragging, setDragging] = React.useState(false)
  const previews = React.useRef(new Set<string>())
  const callbacks = React.useRef({ onUploaded, onError })
  callbacks.current = { onUploaded, onError }

  React.useEffect(() => {
    const urls = previews.current
    return () => {
      for (const url of urls) URL.revokeObjectURL(url)
      urls.clear()
    }
  }, [])

  const update = (id: string, patch: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)))
  const remove = (id: string) =>
    setItems((current) => {
      const gone = current.find((item) => item.id === id)
      if (gone?.previewUrl) {
        URL.revokeObjectURL(gone.previewUrl)
        previews.current.delete(gone.previewUrl)
      }
      return current.filter((item) => item.id !== id)
    })

  const failure = (file: File, kind: UploadFailure['kind'], detail?: string): UploadFailure => {
    if (kind === 'wrong-type') {
      const message = accept === 'pdf' ? UPLOAD_MESSAGES.notAPdf : UPLOAD_MESSAGES.notAnImage
      return { name: file.name, kind, message, detail: multiple ? `${file.name} was not uploaded.` : undefined }
    }
    if (kind === 'too-large') {
      return { name: file.name, kind, message: multiple ? UPLOAD_MESSAGES.tooLargeNamed(file.name) : UPLOAD_MESSAGES.tooLarge, detail }
    }
    return { name: file.name, kind, message: multiple ? UPLOAD_MESSAGES.failedNamed(file.name) : UPLOAD_MESSAGES.failed, detail }
  }

  async function uploadAll(files: File[]) {
    const batch: Item[] = files.map((file) => {
      const previewUrl = isImage(file) ? URL.createObjectURL(file) : undefined
      if (previewUrl) previews.current.add(previewUrl)
      return { id: `upload-${++nextId}`, file, previewUrl, progress: 0, status: 'waiting' }
    })
    setItems((current) => [...current.filter((item) => item.status !== 'failed'), ...batch])

    const failures: UploadFailure[] = []
    const uploaded: UploadedFile[] = []
    // One at a time: on a slow line each file finishes sooner, and the server processes one photo at a time anyway.
    for (const item of batch) {
      const { file } = item
      const wrongType = accept === 'pdf' ? !isPdf(file) : !isImage(file)
      const early = wrongType ? failure(file, 'wrong-type') : file.size > UPLOAD_MAX_BYTES ? failure(file, 'too-large') : undefined
      if (early) {
        failures.push(early)
        update(item.id, { status: 'failed', failure: early })
        continue
      }
      const request = sendFile(endpoint, file, (fraction) => update(item.id, { progress: Math.round(fraction * 100) }))
      update(item.id, { status: 'uploading', abort: request.abort })
      try {
        const stored = await request.promise
        const result = { ...stored, name: file.name }
        uploaded.push(result)
        callbacks.current.onUploaded(result)
        remove(item.id)
      } catch (error) {
        if (error instanceof UploadCancelled) {
          remove(item.id)
          continue
        }
        const e = error instanceof UploadError ? error : new UploadError(0)
        const failed = failure(file, isTooLarge(e) ? 'too-large' : 'failed', e.status === 413 ? undefined : e.serverMessage)
        failures.push(failed)
        update(item.id, { status: 'failed', failure: failed, abort: undefined })
      }
    }
    announce(uploaded, failures)
  }

  function announce(uploaded: UploadedFile[], failures: UploadFailure[]) {
    if (failures.length > 0) {
      if (callbacks.current.onError) callbacks.current.onError(failures)
      else {
        toast({
          title: UPLOAD_MESSAGES.failedToastTitle,
          description: multiple ? UPLOAD_MESSAGES.failedGalleryToastText : UPLOAD_MESSAGES.failedToastText,
          variant: 'destructive',
        })
      }
      return
    }
    if (uploaded.length === 0) return
    if (multiple) {
      toast({ title: UPLOAD_MESSAGES.galleryUploadedTitle, description: UPLOAD_MESSAGES.galleryUploadedText(uploaded.length) })
    } else if (uploadedToast) {
      toast(uploadedToast)
    } else {
      toast({ title: accept === 'pdf' ? 'File Uploaded' : UPLOAD_MESSAGES.uploadedTitle, description: UPLOAD_MESSAGES.uploadedText(uploaded[0]!.name) })
    }
  }

  function take(list: FileList | null) {
    if (!list || list.length === 0 || disabled) return
    let files = Array.from(list)
    if (!multiple) files = files.slice(0, 1)
    if (maxFiles !== undefined) files = files.slice(0, Math.max(0, maxFiles))
    if (files.length > 0) void uploadAll(files)
  }

  const busy = items.some((item) => item.status === 'uploading' || item.status === 'waiting')
  const noun = accept === 'pdf' ? 'PDF' : multiple ? 'images' : 'image'
  const failed = items.filter((item) => item.status === 'failed')
  const active = items.filter((item) => item.status !== 'failed')

  return (
    <div className={cn('space-y-3', className)}>
      <div
        onDragOver={(event) => {
          event.preventDefault()
          if (!disabled) setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          take(event.dataTransfer.files)
        }}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-input bg-card px-4 py-6 text-center transition-colors',
          dragging && 'border-primary bg-accent',
          disabled && 'opacity-60',
        )}
      >
        {accept === 'pdf' ? (
          <FileText className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        ) : (
          <ImageUp className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        )}
        <p id={hintId} className="text-sm text-muted-foreground">
          Drag and drop {multiple ? `${noun} here` : `a${accept === 'pdf' ? '' : 'n'} ${noun} here`}, or choose{' '}
          {multiple ? 'files' : 'a file'}. {accept === 'pdf' ? 'PDF' : 'PNG, JPEG, GIF or WebP'}, up to 50MB
          {multiple ? ' each' : ''}.
        </p>
        <input
          id={inputId}
          type="file"
          className="peer sr-only"
          accept={accept === 'pdf' ? '.pdf,application/pdf' : 'image/*'}
          multiple={multiple}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            take(event.target.files)
            event.target.value = ''
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-10 cursor-pointer items-center justify-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary/90 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
            disabled && 'pointer-events-none',
          )}
        >
          {label ?? (accept === 'pdf' ? 'Choose PDF' : multiple ? 'Choose images' : 'Choose image')}
        </label>
      </div>

      {active.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads in progress" aria-busy={busy}>
          {active.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-md border bg-card p-2">
              {item.previewUrl ? (
                <img src={item.previewUrl} alt={`Preview of ${item.file.name}`} className="h-14 w-14 shrink-0 rounded object-cover" />
              ) : (
                <FileText className="h-10 w-10 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{item.file.name}</p>
                <div
                  role="progressbar"
                  aria-label={`Uploading ${item.file.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.progress}
                  aria-valuetext={item.status === 'waiting' ? 'Waiting' : `${item.progress}%`}
                  className="mt-1 h-2 w-full overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full bg-primary transition-[width] duration-150" style={{ width: `${item.progress}%` }} />
                </div>
                <p className="mt-1 text-xs text-muted-foreground" aria-hidden="true">
                  {item.status === 'waiting' ? 'Waiting…' : item.progress >= 100 ? 'Processing…' : `${item.progress}%`}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => (item.abort ? item.abort() : remove(item.id))}
                aria-label={`Cancel upload of ${item.file.name}`}
              >
                <X aria-hidden="true" />
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div aria-live="assertive" className="space-y-2">
        {failed.map((item) => (
          <div key={item.id} className="flex items-start gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
            <div className="flex-1">
              <p className="font-medium text-destructive">{item.failure?.message}</p>
              {item.failure?.detail && <p className="text-muted-foreground">{item.failure.detail}</p>}
            </div>
            <Button type="button" variant="ghost" size="sm" onClick={() => remove(item.id)} aria-label={`Dismiss message about ${item.file.name}`}>
              <X aria-hidden="true" />
            </Button>
          </div>
        ))}
      </div>
    </div>
  )
}
