/**
 * The lost-update dialog (issue 33), one for every admin edit: a save made
 * against an older version came back 409 with the record as it is now. It
 * shows each field that differs (yours, and theirs now), proposes their value
 * where only they changed it, and lets staff keep theirs, take the other, or
 * merge field by field. Whatever is chosen is saved against the new version,
 * so a third change in between is caught the same way.
 */
import * as React from 'react'
import type { FieldValues, UseFormReset, UseFormTrigger } from 'react-hook-form'
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

const plain = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)

/**
 * The lost-update side of a form: the version it was read at, what it was
 * opened with (`base`), what staff last tried to save (`mine`), and, when the
 * save came back 409 stale_version (`stale`, from useConfirmedMutation), the
 * conflict for ConflictDialog with the record as it is now in the form's shape.
 *
 *   const vc = useVersionConflict({ initial, version: event?.version, stale: save.stale, toValues: formValues })
 *   submit: vc.submitted(form.getValues()); save.ask({ variables: { id, values, version: vc.version } })
 *   <ConflictDialog conflict={vc.conflict} onTakeTheirs={(v) => { form.reset(v); vc.tookTheirs(); save.clearError() }}
 *     onKeepMine={(v) => { vc.submitted(v); save.run({ id, values: parse(v), version: vc.newerVersion! }) }} ... />
 */
export type VersionConflictState<T> = {
  version: number
  conflict: VersionConflict<T> | null
  newerVersion: number | undefined
  submitted: (values: T) => void
  tookTheirs: () => void
}

export function useVersionConflict<T extends Record<string, unknown>, R extends { version: number }>({
  initial,
  version: openedAt,
  stale,
  toValues,
}: {
  initial: T
  version: number | undefined
  stale: { message: string; current: unknown } | undefined
  toValues: (current: R) => T
}): VersionConflictState<T> {
  const [base, setBase] = React.useState(initial)
  const [version, setVersion] = React.useState(openedAt ?? 0)
  const [mine, setMine] = React.useState<T | null>(null)
  const current = stale?.current as R | undefined
  const conflict = React.useMemo<VersionConflict<T> | null>(
    () => (stale && current && mine ? { message: stale.message, base, mine, theirs: toValues(current) } : null),
    [stale, current, mine, base, toValues],
  )
  return {
    /** The version to send with the next save. */
    version,
    conflict,
    /** The version stored now, which a save made from the dialog (keep mine, merge) is sent against. */
    newerVersion: current?.version,
    /** What staff are about to save, for the dialog to compare. */
    submitted: setMine,
    /** Staff took the other change, whole or merged with theirs: the form now holds it, and saves go against its version. */
    tookTheirs: () => {
      if (!current) return
      setBase(toValues(current))
      setVersion(current.version)
    },
  }
}

export function ConflictDialog<T extends Record<string, unknown>>({
  conflict,
  fields,
  pending,
  onKeepMine,
  onTakeTheirs,
  onMerge,
  onCancel,
  onCloseAutoFocus,
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
  /** Where the keyboard goes as the dialog closes (preventDefault to put it elsewhere than where it was). */
  onCloseAutoFocus?: (event: Event) => void
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
      <DialogContent className="max-w-2xl" aria-describedby="conflict-message" onCloseAutoFocus={onCloseAutoFocus}>
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
          <Button type="button" variant="outline" pending={pending} onClick={() => onTakeTheirs(conflict.theirs)}>
            Take Theirs
          </Button>
          <Button type="button" variant="outline" pending={pending} onClick={() => onKeepMine({ ...conflict.mine })}>
            Keep Mine
          </Button>
          <Button type="button" pending={pending} onClick={() => onMerge(mergeChoices(conflict.mine, conflict.theirs, choices) as T)}>
            {pending ? 'Saving...' : 'Save Merged'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * ConflictDialog for a form dialog, wired: Take Theirs puts the stored record
 * in the form (saves then go against its version); Keep Mine and Save Merged
 * put the chosen values in the form and save them, checked by the form's own
 * schema, against the version stored now (a third change is caught the same way).
 * Chosen values that do not hold together (their largest party below my
 * smallest) stay in the form, which says what is wrong; its next save goes
 * against the version stored now, whose change staff have seen and merged.
 */
export function FormConflictDialog<T extends FieldValues, I>({
  versions,
  fields,
  form,
  schema,
  save,
}: {
  versions: VersionConflictState<T>
  fields: readonly ConflictFieldLabel[]
  /** The form (react-hook-form's), to show the chosen values in and check them. */
  form: { reset: UseFormReset<T>; trigger: UseFormTrigger<T> }
  schema: { safeParse: (values: unknown) => { success: true; data: I } | { success: false } }
  save: { run: (values: I, version: number) => void; pending: boolean; clearError: () => void }
}) {
  // Set when the chosen values go back to the form: as the dialog closes, the keyboard goes to the field to change.
  const toField = React.useRef(false)
  const saveChosen = (values: T) => {
    form.reset(values, { keepDefaultValues: true })
    const parsed = schema.safeParse(values)
    if (!parsed.success || versions.newerVersion === undefined) {
      // Back to the form, which shows what is wrong with the chosen values: they were made from the
      // stored record, so its version is the one to save against.
      versions.tookTheirs()
      save.clearError()
      toField.current = true
      void form.trigger()
      return
    }
    versions.submitted(values)
    save.run(parsed.data, versions.newerVersion)
  }
  return (
    <ConflictDialog
      conflict={versions.conflict}
      fields={fields}
      pending={save.pending}
      onKeepMine={saveChosen}
      onMerge={saveChosen}
      onTakeTheirs={(theirs) => {
        form.reset(theirs)
        versions.tookTheirs()
        save.clearError()
      }}
      onCancel={save.clearError}
      onCloseAutoFocus={(event) => {
        if (!toField.current) return
        toField.current = false
        event.preventDefault()
        void form.trigger(undefined, { shouldFocus: true })
      }}
    />
  )
}
