import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { HoursLinesSchema, MAX_HOURS_LINES, hoursLinesFromText, hoursTextFromLines, type HoursLines } from '#common/settings-schema'
import { FormError, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '../confirm'
import { useSaveSettings } from './use-settings-actions'

/**
 * The opening-hours display of the footer, the mobile menu and the contact
 * page (SPEC.md section 2): day and hours pairs, added, removed (never the
 * last one) and reordered; saved as the `footer_opening_hours` text.
 * `readOnly` (a role without settings.write) shows the lines alone.
 */
export function OpeningHoursEditor({ value, version, readOnly = false }: { value: string; version: number; readOnly?: boolean }) {
  const initial = React.useMemo<HoursLines>(() => ({ lines: hoursLinesFromText(value) }), [value])
  const form = useForm<HoursLines>({ resolver: zodResolver(HoursLinesSchema), defaultValues: initial })
  const lines = useFieldArray({ control: form.control, name: 'lines' })
  const save = useSaveSettings()
  const { errors } = form.formState
  React.useEffect(() => form.reset(initial), [initial]) // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(({ lines: parsed }) =>
    save.ask({
      title: 'Save the opening hours?',
      description: 'The footer, the mobile menu and the contact page show them at once.',
      confirmLabel: 'Save',
      variables: [{ key: 'footer_opening_hours', value: hoursTextFromLines(parsed), version }],
      returnTo: 'form',
    }),
  )
  const count = lines.fields.length

  return (
    <section aria-labelledby="opening-hours-title" className="rounded-lg border border-border bg-card p-4 sm:p-5">
      <h2 id="opening-hours-title" className="font-display text-xl font-semibold">
        Opening Hours Display
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        What guests read as the pub&apos;s hours, in this order. Write the days as you like (&quot;Wednesday &amp; Thursday&quot;) and the hours as
        guests should read them, or Closed. Table bookings follow Opening Hours, not this text.
      </p>
      <form className="mt-4 grid gap-3" noValidate onSubmit={readOnly ? (e) => e.preventDefault() : submit}>
        <FormError message={save.error ?? errors.lines?.message ?? errors.lines?.root?.message} />
        <ol className="grid gap-3">
          {lines.fields.map((line, index) => (
            <li key={line.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start" data-testid="hours-line">
              <TextField label={`Day ${index + 1}`} readOnly={readOnly} error={errors.lines?.[index]?.day?.message} {...form.register(`lines.${index}.day`)} />
              <TextField label={`Hours ${index + 1}`} readOnly={readOnly} error={errors.lines?.[index]?.hours?.message} {...form.register(`lines.${index}.hours`)} />
              {!readOnly && (
                <div className="flex gap-1 sm:mt-7">
                  <Button type="button" size="icon" variant="ghost" disabled={index === 0} onClick={() => lines.swap(index, index - 1)} aria-label={`Move day ${index + 1} up`}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button type="button" size="icon" variant="ghost" disabled={index === count - 1} onClick={() => lines.swap(index, index + 1)} aria-label={`Move day ${index + 1} down`}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    className="text-destructive hover:text-destructive"
                    disabled={count <= 1}
                    onClick={() => lines.remove(index)}
                    aria-label={`Remove day ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={count >= MAX_HOURS_LINES} onClick={() => lines.append({ day: '', hours: '' })}>
              <Plus aria-hidden="true" />
              Add Day
            </Button>
            <Button type="submit" pending={save.pending}>
              {save.pending ? 'Saving...' : 'Save Opening Hours'}
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog {...save.dialog} />
    </section>
  )
}
