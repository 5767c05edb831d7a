import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createDb } from '../../server/db/client'
import { runMigrations } from '../../server/db/migrate'
import { EMAIL_TEMPLATE_KEYS } from '#common/email'
import { emailTemplates, events, openingHours, siteSettings } from '../../server/db/schema'
import { DEFAULT_OPENING_HOURS, seed, TEMPLATES_SEEDED_SETTING } from '../../server/db/seed'
import { batchChecksQuery, batchDaysQuery, CUSTOM_PLANS, dayWithoutQuery, DEFAULT_PLANS } from '../../server/reservations/booking-sql'
import { createTestDatabase } from '../helpers/db'
import { withDatabase } from '../helpers/global-setup'

const adminUrl = inject('databaseAdminUrl')
const name = `${inject('templateDatabase')}_empty_${crypto.randomBytes(3).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl })
let db: ReturnType<typeof createDb>
/** The clock the seat reads are made at (pending bookings without a hold hold for good). */
const AT = new Date('2026-11-21T12:00:00Z')

/** Runs `body` on a migrated database of its own, which is dropped afterwards whatever happens. */
async function onFreshDatabase(body: (run: (text: string) => Promise<pg.QueryResult>, fresh: Awaited<ReturnType<typeof createTestDatabase>>) => Promise<void>) {
  const fresh = await createTestDatabase()
  try {
    await body((text) => fresh.db.$client.query(text), fresh)
  } finally {
    await fresh.drop()
  }
}

afterAll(async () => {
  await db?.$client.end()
  await admin.query(`drop database if exists "${name}" with (force)`)
  await admin.end()
})

const tableCount = async () =>
  Number(
    (await db.execute(sql`select count(*) as n from information_schema.tables where table_schema = 'public'`)).rows[0]!.n,
  )

describe('migrations', () => {
  it('apply to an empty database, and again to a migrated one without change', async () => {
    await admin.connect()
    await admin.query(`create database "${name}"`)
    db = createDb(withDatabase(adminUrl, name), { max: 2 })
    expect(await tableCount()).toBe(0)
    await runMigrations(db)
    const after = await tableCount()
    expect(after).toBeGreaterThanOrEqual(19)
    await runMigrations(db)
    expect(await tableCount()).toBe(after)
  })

  it('enforce the allowed values in the database', async () => {
    await expect(
      db.execute(
        sql`insert into reservations (name, email, phone, date, start_time, party_size, status) values ('a','a@b.c','1','2026-12-01','19:00',2,'maybe')`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'reservations_status_check' } })
    await expect(
      db.execute(
        sql`insert into reservations (name, email, phone, date, start_time, party_size) values ('a','a@b.c','1','2026-12-01','25:00',2)`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'reservations_time_check' } })
    await expect(
      db.execute(sql`insert into hour_exceptions (date, reason) values ('2026-12-24', '  ')`),
    ).rejects.toMatchObject({ cause: { constraint: 'hour_exceptions_reason_check' } })
    await expect(
      db.execute(sql`insert into menu_sections (name, category) values ('x', 'pizza')`),
    ).rejects.toMatchObject({ cause: { constraint: 'menu_sections_category_check' } })
  })

  it('index reservations by date and status', async () => {
    const { rows } = await db.execute(sql`select indexdef from pg_indexes where tablename = 'reservations'`)
    expect(rows.map((r) => String(r.indexdef)).join('\n')).toMatch(/\(date, status\)/)
  })

  it("read a date's seats per start time from the covering index alone, also leaving one booking out or reading a few hours", async () => {
    // 3,000 bookings over 30 dates, a tenth of them cancelled; vacuumed, as autovacuum keeps them.
    await db.execute(sql`insert into reservations (name, email, phone, date, start_time, party_size, status)
      select 'Guest ' || g, 'g' || g || '@example.com', '07700 900 000', to_char(date '2027-01-01' + g % 30, 'YYYY-MM-DD'),
        to_char(time '12:00' + (g / 30 % 10) * interval '30 minutes', 'HH24:MI'), 1 + g % 4,
        case when g % 10 = 0 then 'cancelled' when g % 3 = 0 then 'pending' else 'confirmed' end
      from generate_series(1, 3000) g`)
    // Vacuum marks a page all-visible only when no snapshot in the database predates the insert: one held a moment
    // longer elsewhere in the database (an autovacuum worker's analyse, say) left pages unmarked in CI once, so
    // vacuum again until every page is marked, as autovacuum's next round would.
    const allVisible = async () => {
      await db.$client.query('vacuum analyze reservations')
      const { rows } = await db.$client.query(`select relpages, relallvisible from pg_class where relname = 'reservations'`)
      return rows[0].relallvisible >= rows[0].relpages
    }
    let vacuumed = await allVisible()
    for (let round = 0; !vacuumed && round < 50; round++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      vacuumed = await allVisible()
    }
    expect(vacuumed, 'every page of reservations marked all-visible within 5 s').toBe(true)
    const reloptions = await db.$client.query(`select reloptions from pg_class where relname = 'reservations'`)
    expect(reloptions.rows[0].reloptions).toEqual(
      expect.arrayContaining(['autovacuum_vacuum_insert_threshold=500', 'autovacuum_vacuum_insert_scale_factor=0.02']),
    )
    const { rows: [one] } = await db.$client.query(`select id from reservations where date = '2027-01-06' and status = 'confirmed' limit 1`)
    // The whole day, and (as a booking reads it) only the start times that matter to one booking.
    // The whole day (a staff edit, a guest's move: with and without the booking's own seats), and (as a
    // booking batch reads it) only the start times that matter to one booking.
    const cases = [
      { exceptId: null, query: dayWithoutQuery('2027-01-06', 3, null, AT) },
      { exceptId: one.id as number, query: dayWithoutQuery('2027-01-06', 3, one.id, AT) },
      { exceptId: null, starts: { from: '13:00', to: '14:30' }, query: batchDaysQuery(['2027-01-06'], ['13:00'], ['14:30'], AT, { first: ['13:00'], last: ['14:30'], reach: [120], paced: ['14:30'] }) },
    ]
    for (const { exceptId, starts, query } of cases) {
      const explained = await db.$client.query({ text: `explain (analyze, costs off, timing off, summary off) ${query.text}`, values: query.values })
      const plan = explained.rows.map((r) => r['QUERY PLAN']).join('\n')
      expect(plan).toMatch(/Index Only Scan using reservations_active_covers_idx on reservations/)
      expect(plan).toMatch(/Heap Fetches: 0/)
      const expected = await db.$client.query(`select start_time as "startTime", sum(party_size)::int as "partySize" from reservations
        where date = '2027-01-06' and status <> 'cancelled' and id <> ${exceptId ?? 0}
          and start_time between '${starts?.from ?? '00:00'}' and '${starts?.to ?? '23:59'}' group by 1 order by 1`)
      const [day] = (await db.$client.query(query)).rows
      // Grouped by start time and the minute a finished party freed its covers (issue 35: none here), in no set order.
      const byStart = (a: { startTime: string }, b: { startTime: string }) => a.startTime.localeCompare(b.startTime)
      expect([...day.bookings].sort(byStart)).toEqual(expected.rows.map((r) => ({ ...r, freed: null })))
      expect(day.bookings.length).toBe(starts ? 4 : 10)
    }
    await db.execute(sql`delete from reservations`)
  })

  it("read a date's seats and a guest's slot from the covering index also before the table has fair statistics", async () => {
    // A new database's first rush: no statistics yet, then an analyse taken while each date had one booking.
    // The planner must not take "by date" (reservations_date_status_idx) for as selective as the covering
    // index's keys: it read whole dates from the heap for every batch, in some bench runs and not others.
    // (It failed without the email key of migration 0006, and without its n_distinct.)
    await onFreshDatabase(async (run, fresh) => {
    await run('alter table reservations set (autovacuum_enabled = false)')
    const book = (from: number, to: number, dates: number) =>
      run(`insert into reservations (name, email, phone, date, start_time, party_size, status, phone_key, client_key)
        select 'Guest ' || g, 'g' || g || '@example.com', '07700 900 000', to_char(date '2027-01-01' + g % ${dates}, 'YYYY-MM-DD'),
          to_char(time '12:00' + (g / ${dates} % 16) * interval '30 minutes', 'HH24:MI'), 1 + g % 4,
          case when g % 10 = 0 then 'cancelled' else 'confirmed' end,
          '+4477009' || lpad((g % 5000)::text, 5, '0'), 'client-' || (g % 400)
        from generate_series(${from}, ${to}) g`)
    const plans = async () => {
      const found: string[] = []
      // The batch's own statements: unnamed, planned for their values (booking-sql.ts).
      const statements = [
        batchDaysQuery(['2027-01-06'], ['18:00'], ['21:00'], AT, { first: ['18:00'], last: ['21:00'], reach: [120], paced: ['21:00'] }),
        batchChecksQuery(['G5@example.com'], ['2027-01-06'], ['18:00'], [null], ['+447700900000'], ['client']),
      ]
      for (const { text, values } of statements) {
        const { rows } = await fresh.db.$client.query(`explain (costs off) ${text}`, values)
        found.push(rows.map((r) => r['QUERY PLAN']).join('\n'))
      }
      return found
    }
    const expectCoveringIndex = ([day, slot]: string[]) => {
      expect(day).toMatch(/Index Only Scan using reservations_active_covers_idx/)
      // The guest's slot: a probe by their email and the date (of the covering index, or of the email's own, migration 0025).
      expect(slot).toMatch(/Limit\s+-> {2}Index Scan using reservations_(active_covers|guest_email)_idx on reservations\s+Index Cond: .*lower\(email\) = /)
    }

    const expectKeyProbes = (checks: string) => {
      for (const key of ['email', 'phone', 'client']) {
        // A probe of the key's own index (or a bitmap of it, where a key holds many bookings), never a read of the date.
        expect(checks).toMatch(new RegExp(`(Index (Only )?Scan using|Bitmap Index Scan on) reservations_guest_${key}_idx( on reservations \\w+)?\\s+Index Cond: \\(+${key === 'email' ? 'lower\\(email\\)' : `${key}_key`} = `))
      }
    }

    // No statistics at all (never analysed), as the table grows.
    const { rows: never } = await run(`select reltuples from pg_class where relname = 'reservations'`)
    expect(never[0].reltuples).toBe(-1)
    // (At a few hundred it reads the date by reservations_date_status_idx: a few rows either way.)
    await book(1, 500, 60)
    let booked = 500
    for (const size of [2_000, 5_000, 10_000, 20_000]) {
      await book(booked + 1, size, 60)
      booked = size
      const found = await plans()
      expectCoveringIndex(found)
      expectKeyProbes(found[1]!)
    }

    // Analysed with a booking or two a date, then a rush.
    await run('delete from reservations')
    await run('vacuum reservations')
    await book(1, 60, 60)
    await run('analyze reservations')
    await book(61, 20_000, 60)
    const early = await plans()
    expectCoveringIndex(early)
    expectKeyProbes(early[1]!)

    // Analysed, as autovacuum keeps it: the guest's counts by email, phone and address are one probe each of their
    // own index (migration 0019), not a read of the date's entries (each booking of a batch paid ~200 of those).
    await run('analyze reservations')
    expectKeyProbes((await plans())[1]!)

    // Analysed while every booking was staff's (no client_key: a pub's bookings before its first from the website,
    // or the bench's seed), then a rush of public ones. The statistics say the partial indexes are empty, so every
    // index that starts with the date looked as good as any other: with (date, key) indexes the phone's count read
    // the whole date through the address's index, in the bench's rush. Key first, only the key's own index fits.
    await run('delete from reservations')
    await run('vacuum reservations')
    await run(`insert into reservations (name, email, phone, date, start_time, party_size, status)
      select 'Staff ' || g, 's' || g || '@example.com', '07700 900 000', to_char(date '2027-01-01' + g % 60, 'YYYY-MM-DD'), '12:00', 2, 'confirmed'
      from generate_series(1, 2000) g`)
    await run('analyze reservations')
    await book(1, 20_000, 60)
    expectKeyProbes((await plans())[1]!)

    // Analysed nearly empty (a new venue, or the bench's fresh database), then a rush: the statistics say a date
    // holds about one booking, so reading the whole date through the covering index looked as cheap as the key's
    // probe, and the bench's batches read about 160 entries a booking that way.
    await run('delete from reservations')
    await run('vacuum reservations')
    await book(1, 30, 60)
    await run('analyze reservations')
    await book(31, 20_000, 60)
    expectKeyProbes((await plans())[1]!)
    })
  }, 120_000) // about 80,000 rows written: 8 s alone, over 30 s in CI's run on the machine's PostgreSQL beside the build
})

describe("the guests' search index (migration 0026)", () => {
  it("keeps its pending list under 256 kB, so no booking's guest merges megabytes of it into the index", async () => {
    // Each booking upserts its guest; the insert that takes GIN's pending list past its limit merges all of it
    // before it returns. At the default 4 MB that was one booking batch in about 150 taking 30 ms more (decision 39).
    await onFreshDatabase(async (run) => {
    await run('create extension if not exists pgstattuple')
    const pendingKb = async () => (await run(`select pending_pages * 8 as kb from pgstatginindex('guests_search_idx')`)).rows[0].kb as number
    let most = 0
    // 3,000 new guests, 25 to a statement as a booking batch upserts them: about a megabyte of pending entries.
    for (let batch = 0; batch < 120; batch++) {
      await run(`insert into guests (name, email_key, email, phone, phone_key)
                 select 'Guest ' || n || ' Surname' || n, 'guest-' || n || '@example.com', 'guest-' || n || '@example.com',
                        '07700 ' || lpad(n::text, 6, '0'), '+447700' || lpad(n::text, 6, '0')
                   from generate_series(${batch * 25}, ${batch * 25 + 24}) as n`)
      most = Math.max(most, await pendingKb())
    }
    // The pending list was used (fastupdate is on) and merged before it grew past 256 kB and a page.
    expect(most).toBeGreaterThan(64)
    expect(most).toBeLessThanOrEqual(256 + 8)
    })
  })
})

describe("the booking batch's reads", () => {
  it('are parsed once per connection and planned for each batch, and nothing after them is', async () => {
    // Named statements: after five runs PostgreSQL may keep a plan made without the values, and one made while the
    // table was small read whole dates for the rest of the connection's life (decision 18). The state below is a new
    // venue's: the table vacuumed and analysed while empty. Left to itself PostgreSQL keeps a generic plan of the
    // guest's checks there (the control at the end).
    await onFreshDatabase(async (run, fresh) => {
    await run('vacuum analyze reservations')
    const batches = async (around: boolean) => {
      const client = await fresh.db.$client.connect()
      try {
        for (let i = 0; i < 8; i++) {
          const date = `2027-01-${String(10 + i).padStart(2, '0')}`
          await client.query('begin')
          if (around) await client.query(CUSTOM_PLANS)
          await client.query(batchDaysQuery([date], ['18:00'], ['21:00'], AT, { first: ['18:00'], last: ['21:00'], reach: [120], paced: ['21:00'] }))
          await client.query(batchChecksQuery([`g${i}@example.com`], [date], ['18:00'], [null], ['+447700900000'], ['client']))
          if (around) await client.query(DEFAULT_PLANS)
          // What follows in the transaction (the inserts' foreign-key checks, prepared too) is planned as PostgreSQL chooses.
          const { rows: mode } = await client.query('show plan_cache_mode')
          expect(mode[0].plan_cache_mode).toBe('auto')
          await client.query('commit')
        }
        const { rows } = await client.query(
          `select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like 'reservations-batch-%' order by name`,
        )
        return rows
      } finally {
        client.release(true)
      }
    }
    expect(await batches(true)).toEqual([
      { name: 'reservations-batch-checks', generic: 0, custom: 8 },
      { name: 'reservations-batch-days', generic: 0, custom: 8 },
    ])
    const control = await batches(false)
    expect(control.find((r) => r.name === 'reservations-batch-checks').generic).toBeGreaterThan(0)
    })
  })
})

describe('seed', () => {
  const now = new Date('2026-11-21T12:00:00Z')

  it('fills an empty database with the demo venue', async () => {
    await seed(db, { now, timeZone: 'Europe/London' })
    const hours = await db.select().from(openingHours).orderBy(openingHours.dayOfWeek)
    expect(hours.map(({ dayOfWeek, openTime, closeTime, isClosed, lastOrdersTime }) => ({ dayOfWeek, openTime, closeTime, isClosed, lastOrdersTime }))).toEqual(
      DEFAULT_OPENING_HOURS,
    )
    const settings = Object.fromEntries(
      (await db.select().from(siteSettings)).map((s) => [s.settingKey, s.settingValue]),
    )
    expect(settings).toMatchObject({
      booking_capacity_covers: '60',
      booking_duration_minutes: '120',
      booking_max_covers_per_slot: '20',
      booking_auto_confirm_max_party: '6',
      booking_min_notice_minutes: '60',
      booking_max_days_ahead: '120',
    })
    expect(settings.footer_opening_hours).toContain('Monday & Tuesday\nClosed')
    expect(settings.footer_kitchen_hours).toMatch(/9pm.*6pm/)
    expect(settings.venue_name).toBeTruthy()

    const all = await db.select().from(events).orderBy(events.date)
    expect(all).toHaveLength(6)
    expect(new Set(all.map((e) => e.bookingType))).toEqual(new Set(['table', 'enquiry']))
    expect(all.every((e) => e.date > '2026-11-21')).toBe(true)
    const spanDays = (Date.parse(all.at(-1)!.date) - Date.parse(all[0]!.date)) / 86_400_000
    expect(spanDays).toBeGreaterThanOrEqual(90)
    expect(new Set(all.map((e) => e.slug)).size).toBe(6)
  })

  it('can run twice and never overwrites what staff changed', async () => {
    await db.update(siteSettings).set({ settingValue: 'Kitchen open until 8pm' }).where(eq(siteSettings.settingKey, 'footer_kitchen_hours'))
    await db.update(openingHours).set({ isClosed: true }).where(eq(openingHours.dayOfWeek, 3))
    await db.delete(events).where(eq(events.type, 'quiz_night'))
    await seed(db, { now, timeZone: 'Europe/London' })
    const [kitchen] = await db.select().from(siteSettings).where(eq(siteSettings.settingKey, 'footer_kitchen_hours'))
    expect(kitchen!.settingValue).toBe('Kitchen open until 8pm')
    const [wednesday] = await db.select().from(openingHours).where(eq(openingHours.dayOfWeek, 3))
    expect(wednesday!.isClosed).toBe(true)
    expect(await db.select().from(events)).toHaveLength(5)
    expect(await db.select().from(openingHours)).toHaveLength(7)
  })

  const templateKeys = async () => (await db.select({ key: emailTemplates.templateKey }).from(emailTemplates)).map((t) => t.key).sort()

  it('seeds every email template once: one staff deleted is not seeded again', async () => {
    expect(await templateKeys()).toEqual([...EMAIL_TEMPLATE_KEYS].sort())
    await db.delete(emailTemplates).where(eq(emailTemplates.templateKey, 'review_request'))
    await seed(db, { now, timeZone: 'Europe/London' })
    expect(await templateKeys()).not.toContain('review_request')
  })

  it('adds the templates of a later release to a database seeded before the list of seeded templates was kept', async () => {
    // As the first release left it: its seven templates (less one staff deleted), and no list.
    const later = ['booking_changed', 'booking_reminder', 'review_request', 'staff_booking_changed']
    await db.delete(emailTemplates).where(sql`${emailTemplates.templateKey} in ('enquiry_received', ${sql.join(later.map((k) => sql`${k}`), sql`, `)})`)
    await db.delete(siteSettings).where(eq(siteSettings.settingKey, TEMPLATES_SEEDED_SETTING))
    await seed(db, { now, timeZone: 'Europe/London' })
    const keys = await templateKeys()
    for (const key of later) expect(keys).toContain(key)
    expect(keys).not.toContain('enquiry_received')
    const [list] = await db.select().from(siteSettings).where(eq(siteSettings.settingKey, TEMPLATES_SEEDED_SETTING))
    expect(list!.settingValue.split(',').sort()).toEqual([...EMAIL_TEMPLATE_KEYS].sort())
  })
})
