/**
 * SPEC.md section 4: every admin create, update, delete and save goes through a
 * confirm dialog; success shows 'Success!' with what happened; a failure goes
 * back to the dialog with the server's message (the original only logged it).
 *
 *   const remove = useConfirmedMutation({ mutationFn: (id) => ..., success: ADMIN_MESSAGES.deleted, invalidate: [keys.all] })
 *   remove.ask({ title: 'Delete reservation?', description: ADMIN_MESSAGES.deleteReservation, variables: id, destructive: true })
 *   <ConfirmDialog {...remove.dialog} />
 *
 * A form dialog that asks passes `returnTo: 'form'`: on failure the confirm
 * dialog closes and the form shows `error` (and `errorCode`, for a 409 staff
 * may override).
 *
 * Two other ways to start it: `run(variables, onSettled?)` for a change SPEC.md
 * applies at once (an enquiry's status), and `browserConfirm: true`, with which `ask`
 * uses the browser's own confirm (SPEC.md section 8's enquiry delete). With no
 * dialog open, a failure shows as a toast. `optimistic` shows the change in a
 * query's data at once and puts it back if the request fails.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import * as React from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Button, buttonVariants } from '~/components/ui/button'
import { focusWhenReady } from '~/components/ui/focus-when-ready'
import { keepPlace } from '~/components/ui/return-focus'
import { toast } from '~/components/ui/use-toast'
import { ApiError, isBackOfficeOffline, offlineRefusal } from '~/lib/api'
import { optimisticMutationKey } from '~/lib/live'
import { cn } from '~/lib/utils'

/** The code of a 409 for a save made over a newer version (server/audit/versions.ts). */
const STALE_VERSION = 'stale_version'

export type ConfirmRequest<V> = {
  title: string
  description: React.ReactNode
  /** What it applies to, in a line of its own (a guest, a date), so nobody confirms the wrong one. */
  detail?: string
  variables: V
  confirmLabel?: string
  /** The button that backs out ('Cancel'); another word where the action itself is a cancelling ('Keep Booking'). */
  dismissLabel?: string
  destructive?: boolean
  /** Where a failure's message goes: the confirm dialog itself (default), or the form that asked. */
  returnTo?: 'dialog' | 'form'
  /**
   * A refusal staff may override, by its code, and the request that does: a large party's request confirmed when no
   * table is free is refused, and 'Save anyway' confirms it to show as 'needs a table' (the same change with `force`).
   */
  anyway?: { codes: ReadonlySet<string>; label: string; variables: V }
}

export type ConfirmDialogProps = {
  open: boolean
  title: string
  description: React.ReactNode
  detail?: string
  confirmLabel: string
  dismissLabel: string
  destructive: boolean
  pending: boolean
  error?: string
  /** Offered beside the refusal it overrides (`anyway`). */
  override?: { label: string; onConfirm: () => void }
  onConfirm: () => void
  onCancel: () => void
}

/** A mutation that runs only after staff confirm it, then says 'Success!' or why not. */
export function useConfirmedMutation<V, R = unknown>(options: {
  mutationFn: (variables: V) => Promise<R>
  /** The toast's text on success: 'Updated successfully!', 'Deleted successfully!', 'Saved successfully!'. */
  success: string | ((variables: V, result: R) => string)
  /** The toast's title on success ('Success!' unless a panel's own words say otherwise, as 'Template Created'). */
  successTitle?: string
  /** What a failure says when the server gave no message of its own. */
  failure?: string
  /** Queries to refetch once it succeeded. */
  invalidate?: QueryKey[]
  onSuccess?: (result: R, variables: V) => void
  /** `ask` uses the browser's confirm with the request's description, instead of the dialog. */
  browserConfirm?: boolean
  /** Shows the change in this query's data before the server answers; a failure puts the data back. */
  optimistic?: { queryKey: QueryKey; update: (data: unknown, variables: V) => unknown }
  /**
   * Changes of one scope are sent one after another, in the order staff made them: two quick picks of a
   * status arrive as made, so the last one picked is the one kept (without it they raced, and the first
   * could land last).
   */
  scope?: string
}) {
  const queryClient = useQueryClient()
  const [request, setRequest] = React.useState<ConfirmRequest<V> | null>(null)
  const [failure, setFailure] = React.useState<{ message: string; code?: string; fields: Record<string, string>; body?: unknown } | null>(null)
  const latest = React.useRef(options)
  latest.current = options
  // Whether the running request was started with no dialog open (run, or the browser's confirm).
  const direct = React.useRef(false)

  // Optimistic changes to one query carry its key, so each (and the live channel, app/lib/live.ts) can tell
  // whether another is still on its way.
  const optimisticKey = options.optimistic ? optimisticMutationKey(options.optimistic.queryKey) : undefined

  const mutation = useMutation({
    mutationKey: optimisticKey,
    scope: options.scope ? { id: options.scope } : undefined,
    // Offline (the live channel is down), a change is refused at once, whichever way its request is made.
    mutationFn: (variables: V) => (isBackOfficeOffline() ? Promise.reject(offlineRefusal()) : latest.current.mutationFn(variables)),
    onMutate: async (variables) => {
      const optimistic = latest.current.optimistic
      if (!optimistic) return undefined
      await queryClient.cancelQueries({ queryKey: optimistic.queryKey })
      const before: unknown = queryClient.getQueryData(optimistic.queryKey)
      queryClient.setQueryData(optimistic.queryKey, (data: unknown) => optimistic.update(data, variables))
      return { before }
    },
    onSettled: async () => {
      const optimistic = latest.current.optimistic
      // Refetched only by the last change still on its way (this one counts until it ends). A refetch while
      // another is queued or in flight would read the server before that one lands and show the older value
      // until the next refetch: a status picked twice showed the first pick again for a moment.
      if (optimistic && queryClient.isMutating({ mutationKey: optimisticKey, exact: true }) <= 1) {
        await queryClient.invalidateQueries({ queryKey: optimistic.queryKey })
      }
    },
    onSuccess: async (result, variables) => {
      setRequest(null)
      setFailure(null)
      const { success, successTitle = ADMIN_MESSAGES.success } = latest.current
      toast({ title: successTitle, description: typeof success === 'function' ? success(variables, result) : success })
      latest.current.onSuccess?.(result, variables)
      await Promise.all((latest.current.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error, _variables, context) => {
      const optimistic = latest.current.optimistic
      if (optimistic && context) queryClient.setQueryData(optimistic.queryKey, context.before)
      const failed =
        error instanceof ApiError
          ? { message: error.serverMessage, code: error.code, fields: error.fieldErrors, body: error.body }
          : { message: latest.current.failure ?? ADMIN_MESSAGES.errorFallback, fields: {} }
      // A save over someone else's newer change goes to the form's conflict dialog, however it was started.
      if (direct.current && failed.code !== STALE_VERSION) {
        toast({ variant: 'destructive', title: ADMIN_MESSAGES.errorTitle, description: failed.message })
        return
      }
      setFailure(failed)
      // Back to the form that asked, which shows the message; or stay in this dialog with it.
      setRequest((current) => (current?.returnTo === 'form' ? null : current))
    },
  })

  const run = React.useCallback(
    (variables: V, onSettled?: () => void) => {
      direct.current = true
      mutation.mutate(variables, { onSettled })
    },
    [mutation],
  )

  const ask = React.useCallback(
    (next: ConfirmRequest<V>) => {
      setFailure(null)
      if (latest.current.browserConfirm) {
        const afterwards = keepPlace(document.activeElement)
        if (window.confirm(typeof next.description === 'string' ? next.description : next.title)) run(next.variables, afterwards)
        return
      }
      setRequest(next)
    },
    [run],
  )

  const dialog: ConfirmDialogProps = {
    open: request !== null,
    title: request?.title ?? '',
    description: request?.description ?? '',
    detail: request?.detail,
    confirmLabel: request?.confirmLabel ?? 'Confirm',
    dismissLabel: request?.dismissLabel ?? 'Cancel',
    destructive: request?.destructive ?? false,
    pending: mutation.isPending,
    error: request && request.returnTo !== 'form' ? failure?.message : undefined,
    override:
      request?.anyway && failure?.code && request.anyway.codes.has(failure.code)
        ? {
            label: request.anyway.label,
            onConfirm: () => {
              direct.current = false
              mutation.mutate(request.anyway!.variables)
            },
          }
        : undefined,
    onConfirm: () => {
      if (!request) return
      direct.current = false
      mutation.mutate(request.variables)
    },
    onCancel: () => {
      if (!mutation.isPending) setRequest(null)
    },
  }

  return {
    ask,
    run,
    dialog,
    pending: mutation.isPending,
    /** The last failure's message, for the form that asked (returnTo: 'form'). */
    error: failure?.message,
    errorCode: failure?.code,
    /** The answer of a save made over a newer version (409 stale_version): the server's words and the record as it is now. */
    stale: failure?.code === STALE_VERSION ? (failure.body as { message: string; current: unknown }) : undefined,
    fieldErrors: failure?.fields ?? {},
    /** The whole answer of the last failure (a 409 of a stale version carries the record as it is now: `current`). */
    errorBody: failure?.body,
    clearError: () => setFailure(null),
    /** The answer of the last success, for a panel that shows more of it than the toast. */
    result: mutation.data,
  }
}

/**
 * The confirm step: Cancel (or its own word), or the action, which reads
 * 'Working...' while it runs; after a refusal, its message, and the override
 * when there is one.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, detail, confirmLabel, dismissLabel, destructive, pending, error, override, onConfirm, onCancel } = props
  // The buttons are disabled while the request runs, which leaves focus to the page: a refusal gives it back to the
  // button that backs out (where the dialog put it as it opened), not to the override, which one more Enter would take.
  const dismiss = React.useRef<HTMLButtonElement>(null)
  const wasPending = React.useRef(false)
  React.useEffect(() => {
    if (wasPending.current && !pending && open) focusWhenReady(null, () => dismiss.current)
    wasPending.current = pending
  }, [pending, open])
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {detail && <p className="rounded-md bg-muted px-3 py-2 text-sm font-semibold">{detail}</p>}
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-semibold text-destructive">
            {error}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel ref={dismiss} disabled={pending}>
            {dismissLabel}
          </AlertDialogCancel>
          {override && (
            <Button type="button" variant="outline" disabled={pending} onClick={override.onConfirm}>
              {override.label}
            </Button>
          )}
          <AlertDialogAction
            disabled={pending}
            className={cn(destructive && buttonVariants({ variant: 'destructive' }))}
            onClick={(event) => {
              // Stay open until the request answers: success closes it, failure shows why.
              event.preventDefault()
              onConfirm()
            }}
          >
            {pending ? 'Working...' : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
