import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { useQueryClient } from '@tanstack/react-query'
import { SETTING_RULES, type SettingKey, type SiteSettingRow } from '#common/settings-schema'
import { FormError, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { settingsKeys } from '~/lib/queries/settings'
import { ConfirmDialog } from '../confirm'
import { ConflictDialog } from '../conflict-dialog'
import { useSaveSettings } from './use-settings-actions'

export type SettingField = {
  key: SettingKey
  label: string
  hint?: React.ReactNode
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'time'
  min?: number
  max?: number
  step?: number
  /** Grid placement inside the form. */
  wide?: boolean
  /** Shown but not changed here (the Site address when PUBLIC_URL sets it on the server). */
  readOnly?: boolean
}

type Values = Record<string, string>

/**
 * A card of settings saved together: each field checked by its key's rule
 * from common/ (as the API checks it), only the changed keys sent, after a
 * confirm that names them. `readOnly` (a role without settings.write) shows
 * the values without a Save.
 */
export function SettingsForm({
  id,
  title,
  description,
  fields,
  values,
  versions,
  readOnly = false,
}: {
  id: string
  title: string
  description: React.ReactNode
  fields: SettingField[]
  values: Record<string, string>
  /** The version each key was read at (0: still the default). */
  versions: Record<string, number>
  readOnly?: boolean
}) {
  const schema = React.useMemo(() => z.object(Object.fromEntries(fields.map((f) => [f.key, SETTING_RULES[f.key] as z.ZodType]))), [fields])
  const initial = React.useMemo(() => Object.fromEntries(fields.map((f) => [f.key, values[f.key] ?? ''])) as Values, [fields, values])
  const form = useForm<Values, unknown, Values>({ resolver: zodResolver(schema) as never, defaultValues: initial })
  const save = useSaveSettings()
  const queryClient = useQueryClient()
  // After a save the list is read again: the form starts from what is stored.
  React.useEffect(() => form.reset(initial), [initial]) // eslint-disable-line react-hooks/exhaustive-deps

  // Someone else saved one of these keys in between: the card as it is now, for the conflict dialog.
  const [mine, setMine] = React.useState<Values | null>(null)
  const stale = save.stale as { message: string; current: SiteSettingRow[] } | undefined
  const theirs = React.useMemo(() => (stale ? { ...initial, ...Object.fromEntries(stale.current.map((r) => [r.settingKey, r.settingValue])) } : null), [stale, initial])
  const conflict = stale && theirs && mine ? { message: stale.message, base: initial, mine, theirs } : null
  /** The keys whose value differs from `against`, each at the newest version known. */
  const changesFrom = (next: Values, against: Values) => {
    const newer = Object.fromEntries((stale?.current ?? []).map((r) => [r.settingKey, r.version]))
    return fields.filter((f) => String(next[f.key]) !== against[f.key]).map((f) => ({ key: f.key, value: String(next[f.key]), version: newer[f.key] ?? versions[f.key] ?? 0 }))
  }
  const saveChosen = (chosen: Values) => {
    form.reset(chosen, { keepDefaultValues: true })
    const parsed = schema.safeParse(chosen)
    if (!parsed.success || !theirs) {
      save.clearError()
      void form.trigger()
      return
    }
    const changes = changesFrom(parsed.data as Values, theirs)
    setMine(chosen)
    if (changes.length === 0) takeTheirs()
    else save.run(changes)
  }
  /** Drop what was typed: the card is read again and shows what is stored. */
  const takeTheirs = () => {
    save.clearError()
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all })
  }

  const submit = form.handleSubmit((parsed) => {
    const changes = changesFrom(parsed, initial)
    setMine(form.getValues())
    if (changes.length === 0) {
      form.setError('root', { message: 'Nothing has changed.' })
      return
    }
    save.ask({
      title: `Save ${title.toLowerCase()}?`,
      description: 'The site uses the new values at once.',
      detail: changes.map((c) => fields.find((f) => f.key === c.key)!.label).join(', '),
      confirmLabel: 'Save',
      variables: changes,
      returnTo: 'form',
    })
  })

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-card p-4 sm:p-5">
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" noValidate onSubmit={readOnly ? (e) => e.preventDefault() : submit}>
        <div className="sm:col-span-2">
          <FormError message={(conflict ? undefined : save.error) ?? form.formState.errors.root?.message} />
        </div>
        {fields.map((f) => (
          <TextField
            key={f.key}
            label={f.label}
            hint={f.hint}
            type={f.type ?? 'text'}
            inputMode={f.type === 'number' ? 'numeric' : undefined}
            min={f.min}
            max={f.max}
            step={f.step}
            readOnly={readOnly || f.readOnly}
            fieldClassName={f.wide ? 'sm:col-span-2' : undefined}
            error={form.formState.errors[f.key]?.message}
            {...form.register(f.key)}
          />
        ))}
        {!readOnly && (
          <div className="sm:col-span-2">
            <Button type="submit" pending={save.pending}>
              {save.pending ? 'Saving...' : `Save ${title}`}
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog {...save.dialog} />
      <ConflictDialog
        conflict={conflict}
        fields={fields.map((f) => ({ key: f.key, label: f.label }))}
        pending={save.pending}
        onKeepMine={saveChosen}
        onMerge={saveChosen}
        onTakeTheirs={takeTheirs}
        onCancel={save.clearError}
      />
    </section>
  )
}
