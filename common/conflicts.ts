/**
 * No lost updates (issue 33): every admin edit carries the `version` it was
 * read at; a save against a newer version is refused with 409
 * `{ message: 'This booking was changed by sam at 19:42 while you were editing.', current }`.
 * These pure helpers build that message and the field-by-field merge the
 * conflict dialog offers.
 */

/** What staff call each kind of record in the message. */
export const CONFLICT_NOUNS: Record<string, string> = {
  reservation: 'booking',
  event: 'event',
  event_enquiry: 'enquiry',
  hero_slide: 'slide',
  menu_section: 'menu section',
  email_template: 'template',
  setting: 'setting',
  opening_hours: 'day',
  hour_exception: 'exception',
  cocktails: 'page',
  area: 'area',
  table: 'table',
  table_combination: 'combination',
  // 'This list of turn times was changed by sam at 19:42 while you were editing.'
  turn_times: 'list of turn times',
  // 'This party in the queue was changed by sam at 20:30 while you were editing.'
  walk_in_queue: 'party in the queue',
}

/** 'This booking was changed by sam at 19:42 while you were editing.' (without a name when nobody on staff made it). */
export function conflictMessage(entityType: string, by: string | null, time: string): string {
  const noun = CONFLICT_NOUNS[entityType] ?? 'record'
  return `This ${noun} was changed${by ? ` by ${by}` : ''} at ${time} while you were editing.`
}

export type FieldChoice = 'mine' | 'theirs'

export type ConflictField = {
  key: string
  mine: unknown
  theirs: unknown
  /** What the dialog proposes: their value where only they changed it, yours otherwise. */
  proposed: FieldChoice
  /** Both changed it (to different values): staff must look. */
  both: boolean
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields where what staff are saving (`mine`) and what is stored now
 * (`theirs`) differ, compared with what the form was opened with (`base`).
 */
export function conflictFields(base: Record<string, unknown>, mine: Record<string, unknown>, theirs: Record<string, unknown>, keys = Object.keys(mine)): ConflictField[] {
  const out: ConflictField[] = []
  for (const key of keys) {
    if (same(mine[key], theirs[key])) continue
    const iChanged = !same(mine[key], base[key])
    const theyChanged = !same(theirs[key], base[key])
    out.push({ key, mine: mine[key], theirs: theirs[key], proposed: iChanged ? 'mine' : 'theirs', both: iChanged && theyChanged })
  }
  return out
}

/** The values to save: each field from the side chosen for it (the rest as staff have them). */
export function mergeChoices(mine: Record<string, unknown>, theirs: Record<string, unknown>, choices: Record<string, FieldChoice>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...mine }
  for (const [key, choice] of Object.entries(choices)) merged[key] = choice === 'theirs' ? theirs[key] : mine[key]
  return merged
}
