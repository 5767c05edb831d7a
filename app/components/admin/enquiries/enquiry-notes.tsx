import { useMutation, useQueryClient } from '@tanstack/react-query'
import { NotebookPen } from 'lucide-react'
import * as React from 'react'
import { ENQUIRY_NOTES_MAX, EnquiryNotesSchema, type AdminEnquiry } from '#common/event-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { FormError, TextareaField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { ApiError, apiRequest } from '~/lib/api'
import { eventKeys } from '~/lib/queries/events'

const MAX = ENQUIRY_NOTES_MAX.toLocaleString('en-GB')

/** The 409 of a save over a newer version: the enquiry as it is now. */
function currentOf(error: unknown): AdminEnquiry | undefined {
  if (!(error instanceof ApiError) || error.code !== 'stale_version') return undefined
  const current = (error.body as { current?: unknown } | null)?.current
  return current && typeof current === 'object' && 'version' in current ? (current as AdminEnquiry) : undefined
}

/**
 * Staff's notes on an enquiry (issue 36), on its card: shown, then edited in
 * place and saved at the version they were read at. Someone else's save in
 * between (a note, a status) is refused: the message says who and when, shows
 * their notes, and Save again keeps these.
 */
export function EnquiryNotes({ enquiry: e }: { enquiry: AdminEnquiry }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = React.useState(false)
  const [draft, setDraft] = React.useState(e.notes)
  const [version, setVersion] = React.useState(e.version)
  const [fieldError, setFieldError] = React.useState<string>()
  const [failure, setFailure] = React.useState<{ message: string; theirs?: string }>()
  const editButton = React.useRef<HTMLButtonElement>(null)
  const returnFocus = React.useRef(false)
  const id = `enquiry-${e.id}-notes`

  React.useEffect(() => {
    if (editing || !returnFocus.current) return
    returnFocus.current = false
    editButton.current?.focus()
  }, [editing])

  const save = useMutation({
    mutationFn: (notes: string) => apiRequest<AdminEnquiry>('PATCH', `/api/admin/event-enquiries/${e.id}`, { notes, version }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(eventKeys.enquiries, (list: AdminEnquiry[] | undefined) => list?.map((x) => (x.id === saved.id ? saved : x)))
      toast({ title: ADMIN_MESSAGES.success, description: ADMIN_MESSAGES.saved })
      returnFocus.current = true
      setEditing(false)
      await queryClient.invalidateQueries({ queryKey: eventKeys.enquiries })
    },
    onError: (error) => {
      const current = currentOf(error)
      if (current) {
        // Saved again, these notes go in over the version the refusal gave.
        setVersion(current.version)
        setFailure({ message: `${error instanceof ApiError ? error.serverMessage : ''} Save again to keep your notes.`, theirs: current.notes })
        void queryClient.invalidateQueries({ queryKey: eventKeys.enquiries })
        return
      }
      const fields = error instanceof ApiError ? error.fieldErrors : {}
      if (fields.notes) return setFieldError(fields.notes)
      setFailure({ message: error instanceof ApiError ? error.serverMessage : ADMIN_MESSAGES.errorFallback })
    },
  })

  const start = () => {
    setDraft(e.notes)
    setVersion(e.version)
    setFieldError(undefined)
    setFailure(undefined)
    setEditing(true)
  }
  const cancel = () => {
    returnFocus.current = true
    setEditing(false)
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const parsed = EnquiryNotesSchema.safeParse(draft)
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message)
    setFieldError(undefined)
    setFailure(undefined)
    save.mutate(parsed.data)
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-dashed border-border px-3 py-2 text-sm">
        {e.notes ? (
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-muted-foreground">Notes</p>
            <p className="line-clamp-3 whitespace-pre-line break-words" data-testid={`enquiry-${e.id}-notes-text`}>
              {e.notes}
            </p>
          </div>
        ) : (
          <p className="flex-1 self-center text-muted-foreground">No notes yet.</p>
        )}
        <Button ref={editButton} type="button" size="sm" variant="ghost" onClick={start} aria-label={`${e.notes ? 'Edit notes on' : 'Add note to'} ${e.name}'s enquiry`}>
          <NotebookPen aria-hidden="true" />
          {e.notes ? 'Edit notes' : 'Add note'}
        </Button>
      </div>
    )
  }

  return (
    <form className="grid gap-2 rounded-md border border-border bg-muted/40 p-3" noValidate onSubmit={submit} aria-label={`Notes on ${e.name}'s enquiry`}>
      <FormError message={failure?.message}>
        {failure?.theirs !== undefined && (
          <p className="mt-1 whitespace-pre-line break-words text-foreground">
            <span className="font-semibold">Their notes: </span>
            {failure.theirs || '(none)'}
          </p>
        )}
      </FormError>
      <TextareaField
        id={id}
        label={
          <>
            Notes<span className="sr-only"> on {e.name}&apos;s enquiry</span>
          </>
        }
        hint={`${draft.length.toLocaleString('en-GB')} of ${MAX} characters. Only staff see these.`}
        rows={4}
        autoFocus
        value={draft}
        error={fieldError}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={cancel} pending={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" pending={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save notes'}
        </Button>
      </div>
    </form>
  )
}
