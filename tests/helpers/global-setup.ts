import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../server/db/client'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded'
import { runMigrations } from '../../server/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string
    templateDatabase: string
  }
}

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL) and one
 * migrated template database; each test file clones its own from it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined
  let dataDir: string | undefined
  let adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pub-test-pg-'))
    embedded = await startEmbeddedPostgres({ dataDir })
    adminUrl = embedded.url()
  }
  const template = `pub_tmpl_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${template}"`)
  const db = createDb(withDatabase(adminUrl, template), { max: 1 })
  await runMigrations(db)
  await db.$client.end()

  project.provide('databaseAdminUrl', adminUrl)
  project.provide('templateDatabase', template)

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    )
    for (const { datname } of rows.sort((a) => (a.datname === template ? 1 : -1))) {
      await admin.query(`drop database if exists "${datname}" with (force)`)
    }
    await admin.end()
    await embedded?.stop()
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
