/**
 * The audit trail's guarantees: append-only by a trigger (only its two
 * functions may change rows), written in the change's own transaction, and
 * read back through GET /api/admin/audit-log.
 */
import { sql } from 'drizzle-orm'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { audit, auditQuery, changedFields, guestActor, type Actor } from '../../server/audit/audit'
import { inTransaction } from '../../server/db/transaction'
import { createTestApp, signedInAgent, signedInAs, STAFF, type TestApp } from '../helpers/app'

let t: TestApp
const SAM: Actor = { userId: null, username: 'sam', role: 'staff', address: '198.51.100.7' }

beforeAll(async () => {
  t = await createTestApp({ now: '2026-12-20T19:42:00Z' })
})

const count = async (where = 'true', values: unknown[] = []) =>
  (await t.db.$client.query<{ n: number }>(`select count(*)::int as n from audit_log where ${where}`, values)).rows[0]!.n

describe('the audit_log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await audit(t.db, SAM, { action: 'update', entityType: 'reservation', entityId: 1, summary: 'changed the booking of J. Smith' })
    await expect(t.db.$client.query("update audit_log set summary = 'nothing happened'")).rejects.toThrow(/audit_log is append-only: UPDATE refused/)
    await expect(t.db.$client.query('delete from audit_log')).rejects.toThrow(/audit_log is append-only: DELETE refused/)
    await expect(t.db.$client.query('truncate audit_log')).rejects.toThrow(/audit_log is append-only: TRUNCATE refused/)
    expect(await count("summary = 'changed the booking of J. Smith'")).toBe(1)
  })

  it('lets the retention function delete rows older than a cutoff, and nothing else', async () => {
    await t.db.$client.query(
      `insert into audit_log (at, username, role, action, entity_type, summary) values (now() - interval '25 months', 'old', 'staff', 'update', 'event', 'an old change')`,
    )
    const before = await count()
    const { rows } = await t.db.$client.query<{ n: number }>("select audit_log_delete_before(now() - interval '24 months') as n")
    expect(rows[0]!.n).toBe(1)
    expect(await count()).toBe(before - 1)
    // The permission it gave itself ended with it.
    await expect(t.db.$client.query('delete from audit_log')).rejects.toThrow(/append-only/)
  })

  it('the housekeeping job deletes rows older than 24 months (or the retention setting), and keeps the rest', async () => {
    const at = (months: number) => new Date(t.clock.now().getTime() - months * 30.5 * 86_400_000).toISOString()
    for (const [months, name] of [[23, 'recent'], [25, 'expired']] as const) {
      await t.db.$client.query(`insert into audit_log (at, username, role, action, entity_type, entity_id, summary) values ($1, 'sam', 'staff', 'update', 'event', $2, 'x')`, [at(months), name])
    }
    expect((await t.services.housekeeping.run()).auditRows).toBeGreaterThanOrEqual(1)
    expect([await count("entity_id = 'recent'"), await count("entity_id = 'expired'")]).toEqual([1, 0])
    await t.db.$client.query("insert into site_settings (setting_key, setting_value) values ('audit_retention_months', '12')")
    await t.services.housekeeping.run()
    expect(await count("entity_id = 'recent'")).toBe(0)
  })

  it("lets the erasure function blank a guest's values in one entity's rows, and nothing else", async () => {
    const booking = { action: 'update', entityType: 'reservation', entityId: 4242 }
    await audit(t.db, SAM, {
      ...booking,
      summary: 'cancelled the booking of Jane Smith, 8 guests, 19:30',
      before: { email: 'Jane.Smith@example.com', status: 'confirmed', tags: ['Jane Smith'] },
      after: { email: 'jane.smith@example.com', status: 'cancelled' },
    })
    await audit(t.db, SAM, { ...booking, entityId: 4243, summary: 'cancelled the booking of Jane Smith, 2 guests, 18:00' })
    const { rows } = await t.db.$client.query<{ n: number }>("select audit_log_redact('reservation', '4242', array['Jane Smith', 'jane.smith@example.com']) as n")
    expect(rows[0]!.n).toBe(1)
    const [erased] = (await t.db.$client.query("select summary, before, after from audit_log where entity_id = '4242'")).rows
    expect(erased).toEqual({
      summary: 'cancelled the booking of [erased], 8 guests, 19:30',
      before: { email: '[erased]', status: 'confirmed', tags: ['[erased]'] },
      after: { email: '[erased]', status: 'cancelled' },
    })
    // Another booking's row keeps its words, and the table is append-only again.
    expect(await count("entity_id = '4243' and summary like '%Jane Smith%'")).toBe(1)
    await expect(t.db.$client.query("update audit_log set summary = 'x' where entity_id = '4243'")).rejects.toThrow(/append-only/)
  })
})

describe('the audit row is written by the change’s own transaction', () => {
  it('a change that rolls back leaves no row (Drizzle transaction)', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update hero_slides set title = title || ' (changed)'`)
        await audit(tx, SAM, { action: 'update', entityType: 'hero_slide', entityId: 'rollback-1', summary: 'changed every slide' })
        throw new Error('the change failed after its audit row')
      }),
    ).rejects.toThrow('the change failed')
    expect(await count("entity_id = 'rollback-1'")).toBe(0)
  })

  it('a change that rolls back leaves no row (statements sent on a connection)', async () => {
    await expect(
      inTransaction(t.db, async (client) => {
        await client.query('begin')
        await client.query(auditQuery(guestActor('203.0.113.9'), { action: 'cancel', entityType: 'reservation', entityId: 'rollback-2', summary: 'cancelled' }))
        await client.query('select 1/0')
      }),
    ).rejects.toThrow(/division by zero/)
    expect(await count("entity_id = 'rollback-2'")).toBe(0)
  })

  it('keeps only the changed fields', () => {
    expect(changedFields({ name: 'A', partySize: 2, updatedAt: new Date(1) }, { name: 'A', partySize: 5, updatedAt: new Date(2) })).toEqual({
      before: { partySize: 2 },
      after: { partySize: 5 },
    })
    expect(changedFields(null, { title: 'Quiz', password: 'x' })).toEqual({ before: null, after: { title: 'Quiz' } })
  })
})

describe('GET /api/admin/audit-log', () => {
  it('lists sign-ins and account changes newest first, filtered, a page at a time, for owners and managers only', async () => {
    const owner = await signedInAgent(t)
    await request(t.app).post('/api/login').send({ username: STAFF.username, password: 'not-the-password' }).expect(401)
    const manager = await signedInAs(t, 'manager')
    const staff = await signedInAs(t, 'staff')
    await staff.get('/api/admin/audit-log').expect(403)

    const all = (await manager.get('/api/admin/audit-log').expect(200)).body
    expect(all.entries[0]).toMatchObject({ username: 'staff-member', role: 'staff', action: 'login', summary: 'signed in', entityType: 'user' })
    expect(all.entries.map((e: { action: string }) => e.action)).toContain('login_failed')
    const me = (await owner.get('/api/user').expect(200)).body
    const mine = (await manager.get(`/api/admin/audit-log?userId=${me.id}&entityType=user`).expect(200)).body.entries
    expect(mine.map((e: { summary: string }) => e.summary)).toEqual(['failed to sign in (wrong username or password)', 'signed in'])

    const first = (await manager.get('/api/admin/audit-log?limit=2').expect(200)).body
    expect(first.entries).toHaveLength(2)
    const next = (await manager.get(`/api/admin/audit-log?limit=2&cursor=${first.nextCursor}`).expect(200)).body
    expect(next.entries[0].id).toBeLessThan(first.entries[1].id)
    // Days are the venue's: 23:30 UTC on 1 July is 00:30 on the 2nd in London.
    await t.db.$client.query(
      `insert into audit_log (at, username, role, action, entity_type, entity_id, summary) values ('2026-07-01T23:30:00Z', 'sam', 'staff', 'update', 'event', 'summer', 'a summer change')`,
    )
    const day = async (q: string) => (await manager.get(`/api/admin/audit-log?entityId=summer&${q}`).expect(200)).body.entries.length
    expect([await day('from=2026-07-02&to=2026-07-02'), await day('to=2026-07-01'), await day('from=2026-07-03')]).toEqual([1, 0, 0])
    await manager.get('/api/admin/audit-log?from=yesterday').expect(400)
  })
})
