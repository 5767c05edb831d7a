import crypto from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { createDb, type Db } from '../../server/db/client'
import { withDatabase } from './global-setup'

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('databaseAdminUrl')
  const template = inject('templateDatabase')
  const name = `${template}_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  // Two files cloning the template at the same moment can collide: retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`)
      break
    } catch (error) {
      if (attempt >= 20) throw error
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
    }
  }
  await admin.end()
  const url = withDatabase(adminUrl, name)
  const db = createDb(url, { max: 60 })
  return {
    db,
    url,
    drop: async () => {
      await db.$client.end()
      const a = new pg.Client({ connectionString: adminUrl })
      await a.connect()
      await a.query(`drop database if exists "${name}" with (force)`)
      await a.end()
    },
  }
}
