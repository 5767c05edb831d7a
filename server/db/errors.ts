/** Whether PostgreSQL refused a row for a unique constraint (23505), as node-postgres or Drizzle (its `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/** Whether PostgreSQL refused a row for an exclusion constraint (23P01): two active bookings on one table at overlapping times. */
export function isExclusionViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23P01' || e?.cause?.code === '23P01'
}
