import { expect, it } from 'vitest'
import { loadEmbeddedPostgres } from '../../server/db/embedded'

it('loads the embedded PostgreSQL without hooks that would overwrite the exit code', async () => {
  const counts = () => ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'].map((e) => process.listenerCount(e))
  const before = counts()
  const EmbeddedPostgres = await loadEmbeddedPostgres()
  expect(typeof EmbeddedPostgres).toBe('function')
  expect(counts()).toEqual(before)
})
