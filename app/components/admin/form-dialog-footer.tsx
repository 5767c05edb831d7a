/** The foot of every back-office form: Cancel (which asks before discarding changes), and the save button, which reads 'Saving...' while it runs. */
import { Button } from '~/components/ui/button'
import { DialogFooter } from '~/components/ui/dialog'

export function FormDialogFooter({
  submitLabel,
  pending,
  onCancel,
  disabled = false,
  inDialog = true,
}: {
  submitLabel: string
  pending: boolean
  onCancel: () => void
  /** The save button is off for another reason too (a required upload missing). */
  disabled?: boolean
  /** A form on the page rather than in a dialog (the cocktails editor) has the same buttons in a plain row. */
  inDialog?: boolean
}) {
  const buttons = (
    <>
      <Button type="button" variant="outline" onClick={onCancel} pending={inDialog && pending}>
        Cancel
      </Button>
      <Button type="submit" pending={pending} disabled={disabled}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </>
  )
  return inDialog ? (
    <DialogFooter>{buttons}</DialogFooter>
  ) : (
    <div className="flex flex-wrap justify-end gap-2">{buttons}</div>
  )
}
