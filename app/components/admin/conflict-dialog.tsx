/**
 * The lost-update dialog (issue 33), one for every admin edit: a save made
 * against an older version came back 409 with the record as it is now. It
 * shows each field that differs (yours, and theirs now), proposes their value
 * where only they changed it, and lets staff keep theirs, take the other, or
 * merge field by field. Whatever is chosen is saved against the new version,
 * so a third change in between is caught the same way.
 */
import * as React from 'react'
import { conflictFields, mergeChoices, type FieldChoice } from '#common/conflicts'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'

export type ConflictFieldLabel = { key: string; label: string; format?: (value: unknown) => string }

export type VersionConflict<T> = {
  /** The server's words: 'This booking was changed by sam at 19:42 while you were editing.' */
  message: string
  /** What the form was opened with, what staff tried to save, and what is stored now. */
  base: T
  mine: T
  theirs: T
}

const plain = (value: unknown) => (value === null || value === undefined || value === '' ? '(empty)' : Array.isArray(value) ? value.join(', ') : String(value))

export function ConflictDialog<T extends Record<string, unknown>>({
  conflict,
  fields,
  pending,
  onKeepMine,
  onTakeTheirs,
  onMerge,
  onCancel,
}: {
  conflict: VersionConflict<T> | null
  fields: readonly ConflictFieldLabel[]
  pending?: boolean
  /** Save what staff typed, over the other change. */
  onKeepMine: (values: T) => void
  /** Drop what staff typed; the form shows the record as it is now. */
  onTakeTheirs: (values: T) => void
  /** Save the chosen value of each field. */
  onMerge: (values: T) => void
  onCancel: () => void
}) {
  const labels = React.useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields])
  const differing = React.useMemo(
    () => (conflict ? conflictFields(conflict.base, conflict.mine, conflict.theirs, fields.map((f) => f.key)) : []),
    [conflict, fields],
  )
  const [choices, setChoices] = React.useState<Record<string, FieldChoice>>({})
  React.useEffect(() => setChoices(Object.fromEntries(differing.map((d) => [d.key, d.proposed]))), [differing])
  if (!conflict) return null
  const show = (key: string, value: unknown) => labels.get(key)?.format?.(value) ?? plain(value)

  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent className="max-w-2xl" aria-describedby="conflict-message">
        <DialogHeader>
          <DialogTitle>Someone else changed this</DialogTitle>
          <DialogDescription id="conflict-message">{conflict.message}</DialogDescription>
        </DialogHeader>
        {differing.length === 0 ? (
          <p className="text-sm">Their change and yours agree on every field you can see here. Saving keeps both.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Fields that differ: choose which value to keep</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3">
                    Field
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Yours
                  </th>
                  <th scope="col" className="py-2">
                    Theirs (saved now)
                  </th>
                </tr>
              </thead>
              <tbody>
                {differing.map((d) => {
                  const label = labels.get(d.key)?.label ?? d.key
                  return (
                    <tr key={d.key} className="border-b align-top last:border-0" data-testid={`conflict-${d.key}`}>
                      <th scope="row" className="py-2 pr-3 font-semibold">
                        {label}
                        {d.both && <span className="block text-xs font-normal text-amber-800">Both of you changed this</span>}
                      </th>
                      {(['mine', 'theirs'] as const).map((side) => (
                        <td key={side} className="py-2 pr-3">
                          <label className="flex items-start gap-2">
                            <input
                              type="radio"
                              name={`conflict-${d.key}`}
                              className="mt-1"
                              checked={choices[d.key] === side}
                              onChange={() => setChoices((c) => ({ ...c, [d.key]: side }))}
                              aria-label={`${label}: keep ${side === 'mine' ? 'yours' : 'theirs'}`}
                            />
                            <span className="whitespace-pre-line break-words">{show(d.key, side === 'mine' ? d.mine : d.theirs)}</span>
                          </label>
                        </td>
                      ))}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
        <DialogFooter className="flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={pending} onClick={() => onTakeTheirs(conflict.theirs)}>
            Take Theirs
          </Button>
          <Button type="button" variant="outline" disabled={pending} onClick={() => onKeepMine({ ...conflict.mine })}>
            Keep Mine
          </Button>
          <Button type="button" disabled={pending} onClick={() => onMerge(mergeChoices(conflict.mine, conflict.theirs, choices) as T)}>
            {pending ? 'Saving...' : 'Save Merged'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
