/** The row actions every back-office list shares: an Active switch, then Edit, Duplicate and Delete, each only where given. */
import { Copy, Pencil, Trash2 } from 'lucide-react'
import type * as React from 'react'
import { Button } from '~/components/ui/button'
import { Switch } from '~/components/ui/switch'
import { cn } from '~/lib/utils'

/** `action` for a role that may take it, else nothing (so its button is not shown): `onDelete={onlyIf(canDelete, () => ...)}`. */
export const onlyIf = <Action,>(allowed: boolean, action: Action): Action | undefined => (allowed ? action : undefined)

export function ItemActions({
  label,
  active,
  onEdit,
  onDuplicate,
  onDelete,
  preload,
  children,
  className,
  switchClassName,
  groupLabel,
}: {
  /** What the item is called in the buttons' names ('Edit Quiz Night'); without it they read 'Edit', 'Delete'. */
  label?: string
  /** The Active switch: its element id, whether it is on, and what toggling asks (without it, shown and disabled). */
  active?: { id: string; checked: boolean; onToggle?: () => void }
  onEdit?: () => void
  onDuplicate?: () => void
  onDelete?: () => void
  /** Starts loading the form Edit and Duplicate open (on hover or focus), so it is there by the click. */
  preload?: () => void
  /** The list's own buttons (Preview, View details), before Edit. */
  children?: React.ReactNode
  className?: string
  switchClassName?: string
  /** Names the row's buttons as a group for screen readers ('Actions for Jane Smith'). */
  groupLabel?: string
}) {
  const name = (verb: string) => (label ? `${verb} ${label}` : undefined)
  const warm = preload ? { onPointerEnter: preload, onFocus: preload } : {}
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)} role={groupLabel ? 'group' : undefined} aria-label={groupLabel}>
      {active && (
        <div className={cn('mr-2 flex items-center gap-2', switchClassName)}>
          <Switch id={active.id} checked={active.checked} onCheckedChange={active.onToggle} disabled={!active.onToggle} aria-label={name('Active:')} />
          <label htmlFor={active.id} className="text-sm font-semibold">
            Active
          </label>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {children}
        {onEdit && (
          <Button type="button" size="sm" variant="outline" onClick={onEdit} {...warm} aria-label={name('Edit')}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
        {onDuplicate && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onDuplicate}
            {...warm}
            aria-label={name('Duplicate')}
          >
            <Copy aria-hidden="true" />
            Duplicate
          </Button>
        )}
        {onDelete && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={name('Delete')}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        )}
      </div>
    </div>
  )
}
