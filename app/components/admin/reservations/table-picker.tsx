import { keepPreviousData, useQuery } from '@tanstack/react-query'
import * as React from 'react'
import type { TableChoice } from '#common/admin-reservations-schema'
import { isValidDate, isValidTime } from '#common/time'
import { Checkbox } from '~/components/ui/checkbox'
import { fetchExplanation, fetchTableChoices, tableChoiceKeys, type TableQuery } from '~/lib/queries/reservations'

/** The date, time and party the form holds, as a query, or null while one of them is not a real value yet. */
export function tableQueryOf(values: { date?: string; startTime?: string; partySize?: unknown }, exceptId?: number): TableQuery | null {
  const partySize = Number(values.partySize)
  if (!values.date || !isValidDate(values.date) || !values.startTime || !isValidTime(values.startTime)) return null
  if (!Number.isInteger(partySize) || partySize < 1 || partySize > 500) return null
  return { date: values.date, time: values.startTime, partySize, exceptId }
}

/** The choices grouped by area, each group's free tables first (the server sends them free first, in the plan's order). */
function byArea(choices: TableChoice[]): [string, TableChoice[]][] {
  const groups = new Map<string, TableChoice[]>()
  for (const c of choices) {
    if (!groups.has(c.area)) groups.set(c.area, [])
    groups.get(c.area)!.push(c)
  }
  return [...groups.entries()]
}

/**
 * The staff booking form's tables (issue 34): every table in use, grouped by
 * area, free ones first, each saying whom it is taken by at that time. Left
 * untouched, the booking keeps its tables while they are free and seat the
 * party, or is seated at the best free fit (the server's seatsFor), and the
 * box says which before Save; picked, those tables are asked for, and a taken
 * one is refused with the server's message under the list (`error`). Tables
 * that seat fewer than the party may be picked (staff's choice); the box says so.
 */
export function TablePicker({
  query,
  picked,
  current,
  onChange,
  error,
}: {
  query: TableQuery | null
  /** The tables ticked; null while staff have not touched the list (the server chooses). */
  picked: number[] | null
  /** The booking's own tables, when editing one: shown ticked until staff touch the list. */
  current?: readonly number[]
  onChange: (ids: number[]) => void
  error?: string
}) {
  const choices = useQuery({
    queryKey: tableChoiceKeys.tables(query ?? { date: '', time: '', partySize: 0 }),
    queryFn: () => fetchTableChoices(query!),
    enabled: query !== null,
    staleTime: 5_000,
    // While a new date, time or party size is looked up, the last answer stays in place (dimmed): the box
    // neither comes and goes nor changes height under staff's next click (a 'Looking…' line that came and went
    // moved the Save button from under a click in a browser test).
    placeholderData: keepPreviousData,
  })
  const errorId = React.useId()
  const hintId = React.useId()
  const shown = picked ?? current ?? []
  // Ticked tables that seat fewer than the party: allowed (a chair pulled up), but said, before Save.
  const ticked = picked?.length && choices.data ? choices.data.filter((t) => picked.includes(t.id)) : null
  const seats = ticked ? ticked.reduce((sum, t) => sum + t.maxCovers, 0) : null
  const tooFew = query !== null && seats !== null && seats < query.partySize
  // Untouched, the booking's own tables: what Save will do with them (a larger party, a new time).
  const reseat = picked === null && query !== null && choices.data && current?.length ? reseatNote(choices.data, current, query.partySize) : null
  const toggle = (id: number, on: boolean) => onChange(on ? [...shown, id] : shown.filter((x) => x !== id))

  // A venue without tables never shows the box; until the first answer nothing is known, so nothing shows.
  if (choices.data?.length === 0 || (!choices.data && !choices.isError)) return null
  return (
    <fieldset
      className={`grid gap-2 rounded-md border border-border p-3 ${choices.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={choices.isPlaceholderData}
      aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
      data-testid="table-picker"
    >
      <legend className="px-1 text-sm font-semibold">Tables</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {picked !== null
          ? 'The booking sits at the tables ticked.'
          : current?.length
            ? 'Leave these as they are to keep the booking at its tables while they are free and seat the party, or tick others.'
            : 'Leave these as they are to seat the booking at the best free table.'}
      </p>
      {query === null && <p className="text-sm">Enter a date, a time and the party size to see which tables are free.</p>}
      {choices.isError && <p className="text-sm text-destructive">The tables could not be loaded.</p>}
      {choices.data &&
        byArea(choices.data).map(([area, tables]) => (
          <div key={area} role="group" aria-label={area} className="grid gap-1">
            <p className="text-sm font-semibold" aria-hidden="true">
              {area}
            </p>
            <ul className="grid gap-1 sm:grid-cols-2">
              {tables.map((t) => {
                const id = `table-choice-${t.id}`
                const ticked = shown.includes(t.id)
                return (
                  <li key={t.id} className="flex items-start gap-2">
                    <Checkbox id={id} checked={ticked} onCheckedChange={(on) => toggle(t.id, on === true)} className="mt-0.5" />
                    <label htmlFor={id} className="text-sm leading-tight">
                      <span className="font-semibold">{t.name}</span> ({t.minCovers === t.maxCovers ? t.maxCovers : `${t.minCovers}–${t.maxCovers}`})
                      {t.free ? <span className="text-emerald-800"> free</span> : <span className="text-muted-foreground"> taken: {t.takenBy}</span>}
                      {!t.onlineBookable && <span className="text-muted-foreground">, staff only</span>}
                    </label>
                  </li>
                )
              })}
            </ul>
          </div>
        ))}
      {/* Always there (out of sight while empty), so a screen reader hears it when it fills. */}
      <p role="status" className={tooFew || reseat ? 'text-sm font-semibold text-amber-900' : 'sr-only'}>
        {tooFew ? `The tables ticked seat ${seats} at most, for a party of ${query.partySize}.` : (reseat ?? '')}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-semibold text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/**
 * Why a booking left at its own tables will not keep them, as the server decides on Save (seatsFor): they seat
 * fewer than the party, or one is taken at the new time (or out of use that date, so not listed); null while
 * they still do.
 */
function reseatNote(choices: TableChoice[], current: readonly number[], partySize: number): string | null {
  const own = choices.filter((t) => current.includes(t.id))
  const seats = own.reduce((sum, t) => sum + t.maxCovers, 0)
  const standing = own.length === current.length
  if (standing && seats >= partySize && own.every((t) => t.free)) return null
  const names = own.map((t) => t.name).join(' + ')
  const one = own.length === 1
  const why = !standing
    ? 'Its tables are not in use that date'
    : seats < partySize
      ? `${names} ${one ? 'seats' : 'seat'} ${seats} at most`
      : `${names} ${one ? 'is' : 'are'} taken then`
  return `${why}: on Save the party of ${partySize} is seated at the best free table. Tick tables to choose them yourself.`
}

/**
 * 'Why isn't it offered online?': the booking's own decision about the time, in staff's words (shown when a time
 * is refused). A reason in the very words of the refusal above it is not said twice.
 */
export function OnlineExplanation({ query, refusal }: { query: TableQuery; refusal?: string }) {
  const why = useQuery({ queryKey: tableChoiceKeys.explain(query), queryFn: () => fetchExplanation(query), staleTime: 5_000 })
  if (!why.data) return null
  const reasons = why.data.reasons.filter((r) => r.message !== refusal)
  if (!why.data.offered && reasons.length === 0) {
    return (
      <p className="mt-2 text-sm font-semibold" data-testid="online-explanation">
        Guests are not offered this time online either, for the same reason.
      </p>
    )
  }
  return (
    <div className="mt-2 text-sm" data-testid="online-explanation">
      <p className="font-semibold">{why.data.offered ? 'Online, this time is offered' : 'Why guests are not offered this time online'}</p>
      <ul className="list-disc pl-5">
        {reasons.map((r) => (
          <li key={r.code}>{r.message}</li>
        ))}
      </ul>
    </div>
  )
}
