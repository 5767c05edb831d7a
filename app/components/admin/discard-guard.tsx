import * as React from 'react'
import { ADMIN_MESSAGES } from '../../../common/messages'
import { ConfirmDialog } from './confirm'

/**
 * Closing a form dialog that holds unsaved changes (Escape, a click outside
 * it, Close or Cancel) asks first, so an edit is not lost to a stray tap on a
 * busy evening; a form with nothing changed closes at once.
 *
 *   const guard = useDiscardGuard(form.formState.isDirty, () => onOpenChange(false))
 *   <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}>
 *     ... <Button onClick={guard.requestClose}>Cancel</Button> {guard.prompt}
 */
export function useDiscardGuard(dirty: boolean, close: () => void) {
  const [asking, setAsking] = React.useState(false)
  const requestClose = () => (dirty ? setAsking(true) : close())
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
        close()
      }}
      onCancel={() => setAsking(false)}
    />
  )
  return { requestClose, prompt }
}
