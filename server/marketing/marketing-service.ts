import { sql } from 'drizzle-orm'
import { marketingCsv, marketingCsvFileName, type MarketingEmail } from '#common/marketing'
import { audit, type Actor } from '../audit/audit'
import type { DbOrTx } from '../db/client'
import type { Deps } from '../deps'

type Row = { name: string; email: string; createdAt: Date; lastReservation: Date | null }

/**
 * The marketing list (SPEC.md section 2, Marketing Emails): one row per
 * address that opted in and has not unsubscribed. marketing_consents holds one
 * row per address ignoring case (its unique index), its first opt-in and its
 * opt-out; the guest's latest booking gives the name and the last reservation,
 * so a later booking without the tick still shows.
 */
export function createMarketingService({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  async function list(tx: DbOrTx = db): Promise<MarketingEmail[]> {
    const { rows } = await tx.execute(sql`
      select coalesce(latest.name, mc.name) as "name", mc.email as "email", mc.created_at as "createdAt",
        greatest(latest.created_at, mc.last_reservation) as "lastReservation"
      from marketing_consents mc
      left join lateral (
        select r.name, r.created_at from reservations r
        where lower(r.email) = lower(mc.email)
        order by r.created_at desc, r.id desc limit 1
      ) latest on true
      where mc.unsubscribed_at is null
        -- The consent record (issue 37) has the last word: a guest whose latest row is a withdrawal is left out.
        and coalesce((select c.action from guests g join consent_records c on c.guest_id = g.id
          where g.email_key = lower(btrim(mc.email)) order by c.id desc limit 1), 'given') = 'given'
      order by mc.created_at desc, mc.id desc`)
    return (rows as Row[]).map((r) => ({
      name: r.name,
      email: r.email,
      createdAt: new Date(r.createdAt).toISOString(),
      lastReservation: r.lastReservation ? new Date(r.lastReservation).toISOString() : null,
    }))
  }

  return {
    list: () => list(),
    /**
     * The list as the CSV staff download, with its file name (today's date in
     * the venue's zone). Every guest's address leaves the building: the
     * export is an audit row ('export'), written with the read.
     */
    async csv(actor: Actor): Promise<{ fileName: string; body: string }> {
      return db.transaction(async (tx) => {
        const emails = await list(tx)
        const fileName = marketingCsvFileName(clock.now(), config.venueTimezone)
        await audit(tx, actor, {
          action: 'export',
          entityType: 'marketing_list',
          summary: `exported the marketing list (${emails.length} address${emails.length === 1 ? '' : 'es'}) as ${fileName}`,
        })
        return { fileName, body: marketingCsv(emails, config.venueTimezone) }
      })
    },
  }
}
export type MarketingService = ReturnType<typeof createMarketingService>
