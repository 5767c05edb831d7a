/** Whether PostgreSQL refused a row for a unique constraint (23505), as node-postgres or Drizzle (its `cause`) reports it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}
