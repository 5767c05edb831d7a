/**
 * Links that set a password (issue 33): one a member of staff asks for at
 * /login ('Forgot password?'), one an owner sends from Staff Accounts, and the
 * welcome link of an account created without a password. Each is a row of
 * password_reset_tokens (single use, expiring); the link carries the row's id
 * signed with the session secret (server/signed-tokens.ts), so it cannot be
 * guessed, and the outbox row that emails it holds only the id: the link is
 * made when the message is sent, and is never stored in the outbox.
 */
import crypto from 'node:crypto'
import type pg from 'pg'
import { INVITE_LINK_HOURS, PASSWORD_LINK_HOURS } from '#common/staff-schema'
import type { Config } from '../config'
import { enqueueMessagesQuery, type MessageData } from '../email/outbox'
import { signToken, verifyToken } from '../signed-tokens'

export type PasswordLinkPurpose = 'reset' | 'invite'
const TOKEN_PURPOSE = 'password-link'

/** Which outbox template sends each kind of link (server/email/default-templates.ts). */
export const PASSWORD_LINK_TEMPLATES = { reset: 'staff_password_reset', invite: 'staff_invitation' } as const

/** The path of the page where a link sets the password. */
export const PASSWORD_LINK_PATH = '/reset-password'

/** The token of a link row: its id, signed with its purpose and expiry. */
export const passwordLinkToken = (config: Pick<Config, 'sessionSecret'>, id: number, expiresAt: Date) =>
  signToken(config.sessionSecret, TOKEN_PURPOSE, { t: id }, expiresAt)

export const passwordLinkUrl = (config: Pick<Config, 'sessionSecret'>, siteUrl: string, id: number, expiresAt: Date) =>
  new URL(`${PASSWORD_LINK_PATH}/${passwordLinkToken(config, id, expiresAt)}`, siteUrl).toString()

/** '1 hour', '3 days': how long a link works, in the email's words. */
const validFor = (hours: number) => (hours % 24 === 0 && hours > 24 ? `${hours / 24} days` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`)

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** The link row's id a token names, when the token is genuine and unexpired (the row still decides whether it is used). */
export function readPasswordLink(config: Pick<Config, 'sessionSecret'>, token: string, now: Date): { id: number; hash: string } | undefined {
  const checked = verifyToken<{ t?: unknown }>(config.sessionSecret, TOKEN_PURPOSE, token, now)
  if (!checked.ok || typeof checked.payload.t !== 'number') return undefined
  return { id: checked.payload.t, hash: hashToken(token) }
}

/** The data an outbox message about a password link carries: the link's row, never the link. */
export type PasswordLinkData = MessageData & { passwordLink: { id: number; expiresAt: string } }

/**
 * Issues a link for `user` inside the caller's transaction: earlier unused
 * links of the account are voided, the new row is written, and its email is
 * written to the outbox with its send job. Answers the row's id.
 */
export async function issuePasswordLink(
  client: Pick<pg.ClientBase, 'query'>,
  config: Pick<Config, 'sessionSecret'>,
  user: { id: number; username: string; email: string; firstName: string | null },
  purpose: PasswordLinkPurpose,
  now: Date,
): Promise<number> {
  const hours = purpose === 'invite' ? INVITE_LINK_HOURS : PASSWORD_LINK_HOURS
  const expiresAt = new Date(now.getTime() + hours * 3_600_000)
  await client.query('update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null', [user.id, now])
  // The row first (its id is in the token), then the token's hash on it.
  const { rows } = await client.query<{ id: number }>(
    `insert into password_reset_tokens (user_id, token_hash, purpose, expires_at) values ($1, $2, $3, $4) returning id`,
    [user.id, `pending:${crypto.randomUUID()}`, purpose, expiresAt],
  )
  const id = rows[0]!.id
  await client.query('update password_reset_tokens set token_hash = $2 where id = $1', [id, hashToken(passwordLinkToken(config, id, expiresAt))])
  const data: PasswordLinkData = {
    // The link itself ({{passwordUrl}}) is made from passwordLink when the message is sent (email-service.ts).
    variables: { staffName: user.firstName || user.username, username: user.username, linkValidFor: validFor(hours) },
    summary: [],
    guest: false,
    passwordLink: { id, expiresAt: expiresAt.toISOString() },
  }
  await client.query(
    enqueueMessagesQuery([
      { messageKey: `password-link:${id}`, templateKey: PASSWORD_LINK_TEMPLATES[purpose], to: user.email, data },
    ]),
  )
  return id
}
