/**
 * Turn times by party size: how long each party keeps its table, every day
 * or on one weekday. The whole list is saved at once; the server refuses a
 * gap or an overlap and its message shows by the field to change. Parties no
 * rule names keep the Table time setting.
 */
import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { TURN_MINUTES, TURN_PARTY_MAX, type TurnTimeRule, type TurnTimes } from '#common/tables-schema'
import { WEEKDAY_NAMES } from '#common/time'
import { FieldError, FormError, NativeSelect } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { turnTimesQuery } from '~/lib/queries/tables'
import { QueryView } from '../panel'
import type { TablesActions } from './use-tables-actions'

type Row = { key: number; minParty: string; maxParty: string; durationMinutes: string; weekday: string }
const DAY_OPTIONS = [{ value: '', label: 'Every day' }, ...WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name }))]
const party = (r: TurnTimeRule) => (r.minParty === r.maxParty ? `${r.minParty}` : r.maxParty >= TURN_PARTY_MAX ? `${r.minParty}+` : `${r.minParty}–${r.maxParty}`)

let nextKey = 1
const toRow = (r: TurnTimeRule): Row => ({ key: nextKey++, minParty: String(r.minParty), maxParty: String(r.maxParty), durationMinutes: String(r.durationMinutes), weekday: r.weekday === null ? '' : String(r.weekday) })
/** What the form sends: digits as numbers where they are digits (anything else goes as typed, for the server to name). */
const num = (v: string) => (/^\d{1,4}$/.test(v.trim()) ? Number(v.trim()) : v)
const toRule = (r: Row) => ({ minParty: num(r.minParty), maxParty: num(r.maxParty), durationMinutes: num(r.durationMinutes), weekday: r.weekday === '' ? null : Number(r.weekday) })

function RuleRow({ row, index, errors, onChange, onRemove }: { row: Row; index: number; errors: Record<string, string>; onChange: (row: Row) => void; onRemove: () => void }) {
  const id = `turn-${row.key}`
  const field = (key: 'minParty' | 'maxParty' | 'durationMinutes', label: string) => {
    const error = errors[`rules.${index}.${key}`]
    return (
      <div className="grid content-start gap-1">
        <Label htmlFor={`${id}-${key}`}>{label}</Label>
        <Input
          id={`${id}-${key}`}
          inputMode="numeric"
          value={row[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : undefined}
          onChange={(e) => onChange({ ...row, [key]: e.target.value })}
        />
        <FieldError id={`${id}-${key}-error`} error={error} />
      </div>
    )
  }
  return (
    <li>
      <fieldset className="grid grid-cols-2 items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto]" data-testid={`turn-rule-${index}`}>
        <legend className="sr-only">Rule {index + 1}</legend>
        {field('minParty', 'From (guests)')}
        {field('maxParty', 'To (guests)')}
        {field('durationMinutes', 'Minutes')}
        <div className="grid content-start gap-1">
          <Label htmlFor={`${id}-weekday`}>Day</Label>
          <NativeSelect id={`${id}-weekday`} options={DAY_OPTIONS} value={row.weekday} onChange={(e) => onChange({ ...row, weekday: e.target.value })} />
          <FieldError id={`${id}-weekday-error`} error={errors[`rules.${index}.weekday`]} />
        </div>
        <Button type="button" variant="ghost" size="sm" className="self-end text-destructive hover:text-destructive" onClick={onRemove} aria-label={`Remove rule ${index + 1}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </fieldset>
    </li>
  )
}

function Editor({ data, actions }: { data: TurnTimes; actions: TablesActions }) {
  const save = actions.saveTurnTimes
  const [rows, setRows] = React.useState<Row[]>(() => data.rules.map(toRow))
  const [version, setVersion] = React.useState(data.version)
  const dirty = JSON.stringify(rows.map(toRule)) !== JSON.stringify(data.rules.map((r) => toRule(toRow(r))))
  // A save elsewhere (or ours) brings a new list: show it unless staff are in the middle of a change.
  React.useEffect(() => {
    if (!dirty) {
      setRows(data.rules.map(toRow))
      setVersion(data.version)
    }
  }, [data]) // eslint-disable-line react-hooks/exhaustive-deps
  // Someone saved the list first (409 stale_version): their list, to load or to save over.
  const stale = save.stale?.current as TurnTimes | undefined
  const send = (at: string) =>
    save.ask({
      title: 'Save the turn times?',
      description: 'New bookings take these times at once; bookings already made keep theirs.',
      confirmLabel: 'Save Turn Times',
      variables: { rules: rows.map(toRule) as TurnTimeRule[], version: at },
      returnTo: 'form',
    })
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault()
        send(version)
      }}
    >
      <FormError message={save.error}>
        {stale && (
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                setRows(stale.rules.map(toRow))
                setVersion(stale.version)
                save.clearError()
              }}
            >
              Load Their List
            </Button>
            <Button type="button" size="sm" onClick={() => send(stale.version)}>
              Save Mine Over It
            </Button>
          </div>
        )}
      </FormError>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">No rules: every party keeps its table for the Table time setting ({data.fallbackMinutes} minutes).</p>
      ) : (
        <ul className="space-y-2" aria-label="Turn-time rules">
          {rows.map((row, i) => (
            <RuleRow
              key={row.key}
              row={row}
              index={i}
              errors={save.fieldErrors}
              onChange={(next) => setRows((all) => all.map((r) => (r.key === row.key ? next : r)))}
              onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            const last = rows.at(-1)
            const from = last && /^\d+$/.test(last.maxParty) ? Number(last.maxParty) + 1 : 1
            setRows((all) => [...all, { key: nextKey++, minParty: String(from), maxParty: String(from + 1), durationMinutes: '120', weekday: '' }])
          }}
        >
          <Plus aria-hidden="true" />
          Add Rule
        </Button>
        <Button type="submit" pending={save.pending}>
          {save.pending ? 'Saving...' : 'Save Turn Times'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Minutes are a multiple of {TURN_MINUTES.step} from {TURN_MINUTES.min} to {TURN_MINUTES.max}. A weekday&apos;s rules apply on that day before the every-day ones; parties no rule names keep the Table time setting ({data.fallbackMinutes} minutes).
      </p>
    </form>
  )
}

/** The turn-time rules: an editor for managers, a list for staff. */
export function TurnTimesSection({ canEdit, actions }: { canEdit: boolean; actions: TablesActions }) {
  const query = useQuery(turnTimesQuery)
  return (
    <section aria-labelledby="turn-times-title" className="space-y-3 rounded-lg border border-border bg-card p-4">
      <h2 id="turn-times-title" className="font-display text-xl font-semibold">
        Turn Times
      </h2>
      <p className="text-sm text-muted-foreground">How long a party keeps its table, by its size.</p>
      <QueryView query={query} errorMessage="The turn times could not be loaded.">
        {(data) =>
          canEdit ? (
            <Editor data={data} actions={actions} />
          ) : data.rules.length === 0 ? (
            <p className="text-sm">Every party keeps its table for {data.fallbackMinutes} minutes.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {data.rules.map((r, i) => (
                <li key={i}>
                  <span className="font-semibold">{party(r)} guests</span>: {r.durationMinutes} minutes{r.weekday === null ? '' : ` on ${WEEKDAY_NAMES[r.weekday]}s`}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  )
}
