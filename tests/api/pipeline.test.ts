import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendTogether } from '../../server/db/pipeline'
import { createTestDatabase } from '../helpers/db'

let database: Awaited<ReturnType<typeof createTestDatabase>>
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.drop())

describe('sendTogether', () => {
  it('runs the statements in order on one connection and returns each result', async () => {
    const client = await database.db.$client.connect()
    try {
      const [, inserted, read] = await sendTogether(client, [
        'begin',
        { text: "insert into rate_limits (key, hits, reset_at) values ($1, 1, now()) returning hits", values: ['pipeline:a'] },
        { text: 'select count(*)::int as n from rate_limits where key = $1', values: ['pipeline:a'] },
        'commit',
      ])
      expect(inserted!.rows).toEqual([{ hits: 1 }])
      // The read was sent before the insert answered, and still saw it.
      expect(read!.rows).toEqual([{ n: 1 }])
    } finally {
      client.release()
    }
  })

  it('throws the first error, and the transaction keeps nothing after a rollback', async () => {
    const client = await database.db.$client.connect()
    try {
      await expect(
        sendTogether(client, [
          'begin',
          { text: 'insert into rate_limits (key, hits, reset_at) values ($1, 1, now())', values: ['pipeline:b'] },
          { text: 'select 1 / 0 as boom' },
          { text: 'select 1 as after_the_error' },
        ]),
      ).rejects.toThrow(/division by zero/)
      await client.query('rollback')
      const { rows } = await client.query('select count(*)::int as n from rate_limits where key = $1', ['pipeline:b'])
      expect(rows).toEqual([{ n: 0 }])
      // The connection is usable again.
      expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }])
    } finally {
      client.release()
    }
  })
})
