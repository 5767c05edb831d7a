import * as React from 'react'
import { ADMIN_MESSAGES } from '#common/messages'
import { ConfirmDialog } from './confirm'

/**
 * A form dialog's closing: nothing closes it while its save is under way, and
 * closing it with unsaved changes (Escape, a click outside it, Close or
 * Cancel) asks first, so an edit is not lost to a stray tap on a busy
 * evening; a form with nothing changed closes at once.
 *
 *   const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
 *   <Dialog open={open} onOpenChange={guard.onOpenChange}>
 *     ... <Button onClick={guard.requestClose}>Cancel</Button> {guard.prompt}
 */
export function useDiscardGuard({ dirty, pending, onOpenChange }: { dirty: boolean; pending: boolean; onOpenChange: (open: boolean) => void }) {
  const [asking, setAsking] = React.useState(false)
  const requestClose = () => (dirty ? setAsking(true) : onOpenChange(false))
  const prompt = (
    <ConfirmDialog
      open={asking}
      title={ADMIN_MESSAGES.discardTitle}
      description={ADMIN_MESSAGES.discardText}
      confirmLabel={ADMIN_MESSAGES.discardConfirm}
      dismissLabel={ADMIN_MESSAGES.keepEditing}
      destructive
      pending={false}
      onConfirm={() => {
        setAsking(false)
        onOpenChange(false)
      }}
      onCancel={() => setAsking(false)}
    />
  )
  return {
    /** For the Dialog itself. */
    onOpenChange: (next: boolean) => {
      if (pending) return
      if (next) onOpenChange(true)
      else requestClose()
    },
    requestClose,
    prompt,
  }
}
