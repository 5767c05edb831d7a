import type { Db } from '../../server/db/client'

const VERSIONED = new Set(['events', 'event_enquiries', 'hero_slides', 'menu_sections', 'email_templates', 'hour_exceptions', 'reservations', 'areas', 'dining_tables', 'table_combinations', 'waitlist_entries', 'walk_in_queue', 'guests'])

/**
 * The version a stored row is at now: what a form that has just read it sends
 * back with its save (issue 33, no lost updates). 0 for a row that is not there.
 */
export async function versionOf(db: Db, table: string, id: number | string): Promise<number> {
  if (!VERSIONED.has(table)) throw new Error(`versionOf: ${table} is not a table with a version read by id`)
  const { rows } = await db.$client.query<{ version: number }>(`select version from ${table} where id = $1`, [id])
  return rows[0]?.version ?? 0
}

/** The version of a weekday's row (0: none yet) and of a setting's (0: still the default). */
export async function dayVersion(db: Db, dayOfWeek: number): Promise<number> {
  const { rows } = await db.$client.query<{ version: number }>('select version from opening_hours where day_of_week = $1', [dayOfWeek])
  return rows[0]?.version ?? 0
}

export async function settingVersion(db: Db, key: string): Promise<number> {
  const { rows } = await db.$client.query<{ version: number }>('select version from site_settings where setting_key = $1', [key])
  return rows[0]?.version ?? 0
}
