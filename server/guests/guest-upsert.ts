import type pg from 'pg'
import { emailKeyOf } from '#common/guests'

export type GuestContact = { email: string | null | undefined; name: string; phone: string; phoneKey: string | null }

/**
 * The guest of a contact, created or updated (the latest name and phone win),
 * by its normalised email, in the caller's transaction: for every writer that
 * makes one booking, enquiry or waitlist entry at a time. (The public booking
 * batch upserts its guests inside its own insert: booking-sql.ts.) Null for
 * no email: a phone alone is no key (docs/decisions/0034).
 */
export async function guestIdFor(client: Pick<pg.ClientBase, 'query'>, contact: GuestContact): Promise<number | null> {
  const key = emailKeyOf(contact.email)
  if (!key) return null
  const { rows } = await client.query<{ id: number }>({
    name: 'guests-upsert-one',
    text: `insert into guests (email_key, email, name, phone, phone_key) values ($1, $2, $3, $4, $5)
      on conflict (email_key) do update set email = excluded.email, name = excluded.name, phone = excluded.phone,
        phone_key = excluded.phone_key, updated_at = now()
      returning id`,
    values: [key, contact.email!.trim(), contact.name, contact.phone, contact.phoneKey],
  })
  return rows[0]!.id
}
