import type pg from 'pg'
import { ERASED_NAME } from '#common/guests'
import { ERASURE_STEPS } from './personal-data'

export type Anonymised = { guests: number; reservations: number; enquiries: number }

/** The job queue's table is there once its worker has run its migrations; a database without it has no jobs to clean. */
const JOBS_TABLE = 'graphile_worker._private_jobs'
// Names the types of every parameter for each step, whichever of them the step uses (an unused one is an error otherwise).
const PARAMS = 'with params as (select $1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text) '

/**
 * Anonymises guests, in the caller's transaction (erasure and retention): reads
 * every string that names them (their own, and each booking's and enquiry's:
 * a guest may have spelt their name three ways), then runs every step of
 * ERASURE_STEPS. Strings under 5 characters are not searched for across the
 * other tables (a phone of '' or a name of 'Al' would blank unrelated rows); the
 * guest's own rows are cleared whatever they hold. Idempotent: an erased
 * guest has nothing left to find.
 */
export async function anonymiseGuests(client: Pick<pg.ClientBase, 'query'>, guestIds: number[]): Promise<Anonymised> {
  if (guestIds.length === 0) return { guests: 0, reservations: 0, enquiries: 0 }
  const { rows } = await client.query<{ reservations: number[]; enquiries: number[]; precise: string[]; names: string[]; jobs: boolean }>({
    text: `with locked as (select id from guests where id = any($1::int[]) order by id for update)
      select coalesce((select array_agg(id order by id) from reservations where guest_id = any($1::int[])), '{}') as reservations,
        coalesce((select array_agg(id order by id) from event_enquiries where guest_id = any($1::int[])), '{}') as enquiries,
        coalesce((select array_agg(distinct btrim(v)) from (
          select unnest(array[email, phone, phone_key]) v from guests where id in (select id from locked)
          union all select unnest(array[email, phone, phone_key]) from reservations where guest_id = any($1::int[])
          union all select unnest(array[email, phone]) from event_enquiries where guest_id = any($1::int[])) s
          where length(btrim(v)) >= 5), '{}') as precise,
        coalesce((select array_agg(distinct btrim(v)) from (
          select name v from guests where id in (select id from locked)
          union all select name from reservations where guest_id = any($1::int[])
          union all select name from event_enquiries where guest_id = any($1::int[])) s
          where length(btrim(v)) >= 2 and v <> $2), '{}') as names,
        to_regclass($3) is not null as jobs`,
    values: [guestIds, ERASED_NAME, JOBS_TABLE],
  })
  const who = rows[0]!
  const patterns = who.precise.map((s) => `%${s}%`)
  const values = [guestIds, who.reservations, who.enquiries, patterns, [...who.precise, ...who.names], ERASED_NAME]
  for (const step of ERASURE_STEPS) {
    if (step.table === JOBS_TABLE && !who.jobs) continue
    await client.query({ text: PARAMS + step.text, values })
  }
  return { guests: guestIds.length, reservations: who.reservations.length, enquiries: who.enquiries.length }
}
