/**
 * A member of staff's own account: signing in (password, then a second
 * factor when it is on), signing out, their password, two-factor
 * authentication, their sessions, and the emailed password links. Every
 * change writes its audit row in its own transaction.
 */
import { eq, sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Role } from '#common/permissions'
import { STAFF_MESSAGES, type StaffSession } from '#common/staff-schema'
import { audit, auditQuery, type Actor } from '../audit/audit'
import type { Db } from '../db/client'
import { sendTogether } from '../db/pipeline'
import { users, type User } from '../db/schema'
import { inTransaction } from '../db/transaction'
import type { Deps } from '../deps'
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../http/errors'
import { OWNER_TOTP_SETTING } from './guard'
import { issuePasswordLink, readPasswordLink } from './password-links'
import { passwordProblem } from './password-policy'
import { hashPassword, verifyPassword } from './passwords'
import { enrolment, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep } from './totp'
import type { UserService } from './users'

declare module 'express-session' {
  interface SessionData {
    /** When this sign-in happened, from where and in which browser: for the user's list of sessions. */
    createdAt?: string
    userAgent?: string
    ip?: string
  }
}

/** How long a session lasts without use (server/auth/session.ts): last seen = expiry minus this. */
const IDLE_EXPIRY_MS = 12 * 60 * 60 * 1000
/**
 * Sessions one user keeps at most: a sign-in past it signs out the ones last
 * seen longest ago (keepNewestSessions). Every phone, tablet and computer of a
 * busy pub sharing one account fits; a script signing in again and again
 * (sign-ins that succeed are not throttled) no longer piles up rows, nor a
 * list that Your Account reads whole.
 */
export const MAX_SESSIONS_PER_USER = 50

export type SignIn =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'totp_required' | 'totp_invalid'; user: User }

export const actorFor = (user: Pick<User, 'id' | 'username' | 'role'>, address: string | null): Actor => ({
  userId: user.id,
  username: user.username,
  role: user.role as Role,
  address,
})

/** Runs `work` in a transaction on its own connection; `work` returns the statements to send before COMMIT. */
export async function writeTogether(db: Db, work: (client: pg.PoolClient) => Promise<(pg.QueryConfig | string)[]>): Promise<void> {
  await inTransaction(db, async (client, end) => {
    await client.query('begin')
    const statements = await work(client)
    await sendTogether(client, [...statements, 'commit'])
    end.committed()
  })
}

export function createAccountService({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>, { users: userService }: { users: UserService }) {
  /** Whether owners must use a second factor (Staff Accounts' rule). */
  async function ownersNeedTotp(): Promise<boolean> {
    const { rows } = await db.$client.query<{ v: string }>('select setting_value as v from site_settings where setting_key = $1', [OWNER_TOTP_SETTING])
    return rows[0]?.v === 'true'
  }

  /**
   * Accepts a current TOTP code (once: its step is recorded, and an older or
   * equal step is refused after) or an unused recovery code (then used).
   */
  async function acceptSecondFactor(user: User, code: string, client: Pick<pg.ClientBase, 'query'> = db.$client): Promise<'totp' | 'recovery' | undefined> {
    if (!user.totpSecret) return undefined
    const step = totpStep(user.totpSecret, code, clock.now())
    if (step !== undefined) {
      const { rowCount } = await client.query(
        'update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)',
        [user.id, step],
      )
      return rowCount ? 'totp' : undefined
    }
    if (!looksLikeRecoveryCode(code)) return undefined
    const { rowCount } = await client.query(
      'update user_recovery_codes set used_at = $3 where user_id = $1 and code_hash = $2 and used_at is null',
      [user.id, hashRecoveryCode(code), clock.now()],
    )
    return rowCount ? 'recovery' : undefined
  }

  const fresh = async (id: number) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0]

  return {
    acceptSecondFactor,
    ownersNeedTotp,

    /**
     * A sign-in: the password, then the second factor when it is on. A failure
     * writes a 'login_failed' audit row (with the account when the name exists);
     * a success records the time and writes 'login'.
     */
    async signIn(input: { username: string; password: string; code?: string }, address: string | null): Promise<SignIn> {
      const user = await userService.authenticate(input.username, input.password)
      const failed = async (why: string, who?: User) => {
        const known = who ?? (await userService.byUsername(input.username))
        await audit(db, known ? actorFor(known, address) : { userId: null, username: input.username.slice(0, 100), role: 'staff', address }, {
          action: 'login_failed',
          entityType: 'user',
          entityId: known?.id,
          summary: `failed to sign in (${why})`,
        })
      }
      if (!user) {
        await failed('wrong username or password')
        return { ok: false, reason: 'invalid' }
      }
      let factor: 'totp' | 'recovery' | undefined
      if (user.totpEnabledAt) {
        if (!input.code) return { ok: false, reason: 'totp_required', user }
        factor = await acceptSecondFactor(user, input.code)
        if (!factor) {
          await failed('wrong two-factor code', user)
          return { ok: false, reason: 'totp_invalid', user }
        }
      }
      const now = clock.now()
      await writeTogether(db, async () => [
        { text: 'update users set last_sign_in_at = $2 where id = $1', values: [user.id, now] },
        auditQuery(actorFor(user, address), {
          action: 'login',
          entityType: 'user',
          entityId: user.id,
          summary: factor === 'recovery' ? 'signed in with a recovery code' : factor ? 'signed in with a two-factor code' : 'signed in',
        }),
      ])
      return { ok: true, user }
    },

    async signedOut(actor: Actor) {
      await audit(db, actor, { action: 'logout', entityType: 'user', entityId: actor.userId, summary: 'signed out' })
    },

    /** Changes the signed-in user's password; their other sessions end. */
    async changePassword(actor: Actor, currentPassword: string, newPassword: string, currentSid: string) {
      const user = await fresh(actor.userId!)
      if (!user || !(await verifyPassword(currentPassword, user.password))) {
        throw new ValidationError(STAFF_MESSAGES.currentPasswordWrong, { currentPassword: STAFF_MESSAGES.currentPasswordWrong })
      }
      const problem = passwordProblem(newPassword, user.username)
      if (problem) throw new ValidationError(problem, { newPassword: problem })
      const hash = await hashPassword(newPassword)
      await writeTogether(db, async () => [
        { text: 'update users set password = $2, updated_at = $3 where id = $1', values: [user.id, hash, clock.now()] },
        { text: 'delete from session where user_id = $1 and sid <> $2', values: [user.id, currentSid] },
        auditQuery(actor, { action: 'password_change', entityType: 'user', entityId: user.id, summary: 'changed their password' }),
      ])
    },

    /** Starts enrolment: a new secret (not in use until a code from it is verified), its URI and QR code. */
    async startTotp(actor: Actor, issuer: string) {
      const user = await fresh(actor.userId!)
      if (!user) throw new NotFoundError(STAFF_MESSAGES.userNotFound)
      if (user.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.totpAlreadyOn)
      const secret = newTotpSecret()
      await writeTogether(db, async () => [
        { text: 'update users set totp_secret = $2, totp_last_step = null where id = $1', values: [user.id, secret] },
        auditQuery(actor, { action: 'totp_setup', entityType: 'user', entityId: user.id, summary: 'started setting up two-factor authentication' }),
      ])
      return { secret, ...(await enrolment(secret, user.username, issuer)) }
    },

    /** Turns the second factor on with a code from the new secret; answers ten recovery codes, once. */
    async verifyTotp(actor: Actor, code: string): Promise<{ recoveryCodes: string[] }> {
      const user = await fresh(actor.userId!)
      if (!user?.totpSecret) throw new ConflictError(STAFF_MESSAGES.totpNotStarted)
      if (user.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.totpAlreadyOn)
      const step = totpStep(user.totpSecret, code, clock.now())
      if (step === undefined) throw new ValidationError(STAFF_MESSAGES.totpInvalid, { code: STAFF_MESSAGES.totpInvalid })
      const codes = newRecoveryCodes()
      await writeTogether(db, async () => [
        { text: 'update users set totp_enabled_at = $2, totp_last_step = $3 where id = $1', values: [user.id, clock.now(), step] },
        { text: 'delete from user_recovery_codes where user_id = $1', values: [user.id] },
        {
          text: 'insert into user_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])',
          values: [user.id, codes.map(hashRecoveryCode)],
        },
        auditQuery(actor, { action: 'totp_on', entityType: 'user', entityId: user.id, summary: 'turned on two-factor authentication' }),
      ])
      return { recoveryCodes: codes }
    },

    /** Turns the second factor off, with a current code or a recovery code; an owner cannot while owners must have it. */
    async disableTotp(actor: Actor, code: string) {
      const user = await fresh(actor.userId!)
      if (!user?.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.totpNotOn)
      if (user.role === 'owner' && (await ownersNeedTotp())) throw new ConflictError(STAFF_MESSAGES.totpOwnersMust)
      if (!(await acceptSecondFactor(user, code))) throw new ValidationError(STAFF_MESSAGES.totpInvalid, { code: STAFF_MESSAGES.totpInvalid })
      await writeTogether(db, async () => [
        { text: 'update users set totp_secret = null, totp_enabled_at = null, totp_last_step = null where id = $1', values: [user.id] },
        { text: 'delete from user_recovery_codes where user_id = $1', values: [user.id] },
        auditQuery(actor, { action: 'totp_off', entityType: 'user', entityId: user.id, summary: 'turned off two-factor authentication' }),
      ])
    },

    /** The signed-in user's sessions, newest first, this one marked. */
    async sessions(userId: number, currentSid: string): Promise<StaffSession[]> {
      const { rows } = await db.$client.query<{ id: string; sess: { createdAt?: string; userAgent?: string; ip?: string }; expire: Date; current: boolean }>(
        `select left(encode(sha256(convert_to(sid, 'UTF8')), 'hex'), 24) as id, sess, expire, sid = $2 as current
         from session where user_id = $1 and expire > now() order by expire desc`,
        [userId, currentSid],
      )
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.sess.createdAt ?? null,
        lastSeenAt: new Date(new Date(r.expire).getTime() - IDLE_EXPIRY_MS).toISOString(),
        userAgent: r.sess.userAgent ?? null,
        address: r.sess.ip ?? null,
        current: r.current,
      }))
    },

    /**
     * After a sign-in: the user's sessions past MAX_SESSIONS_PER_USER, those
     * last seen longest ago (never `currentSid`), are signed out, with an audit
     * row saying how many. Returns how many ended.
     */
    async keepNewestSessions(actor: Actor, currentSid: string): Promise<number> {
      let ended = 0
      await writeTogether(db, async (client) => {
        const { rowCount } = await client.query(
          `delete from session where user_id = $1 and sid <> $2 and sid not in
             (select sid from session where user_id = $1 and sid <> $2 order by expire desc, sid limit $3)`,
          [actor.userId, currentSid, MAX_SESSIONS_PER_USER - 1],
        )
        ended = rowCount ?? 0
        if (ended === 0) return []
        return [
          auditQuery(actor, {
            action: 'session_end',
            entityType: 'user',
            entityId: actor.userId,
            summary: `signed in with ${MAX_SESSIONS_PER_USER} sessions open: the ${ended === 1 ? 'one' : ended} last seen longest ago signed out`,
          }),
        ]
      })
      return ended
    },

    /** Ends one of the user's own sessions (by its public id). */
    async endSession(actor: Actor, id: string) {
      let found = false
      await writeTogether(db, async (client) => {
        const { rowCount } = await client.query(
          `delete from session where user_id = $1 and left(encode(sha256(convert_to(sid, 'UTF8')), 'hex'), 24) = $2`,
          [actor.userId, id],
        )
        found = Boolean(rowCount)
        if (!found) throw new NotFoundError(STAFF_MESSAGES.sessionNotFound)
        return [auditQuery(actor, { action: 'session_end', entityType: 'user', entityId: actor.userId, summary: 'signed out one of their other sessions' })]
      })
    },

    /** 'Sign out everywhere else': every session of the user but this one. */
    async endOtherSessions(actor: Actor, currentSid: string): Promise<number> {
      let ended = 0
      await writeTogether(db, async (client) => {
        const { rowCount } = await client.query('delete from session where user_id = $1 and sid <> $2', [actor.userId, currentSid])
        ended = rowCount ?? 0
        return [
          auditQuery(actor, {
            action: 'session_end',
            entityType: 'user',
            entityId: actor.userId,
            summary: `signed out everywhere else (${ended} session${ended === 1 ? '' : 's'})`,
          }),
        ]
      })
      return ended
    },

    /**
     * 'Forgot password?': when an active account has that username or email
     * address (and an address to send to), emails it a one-hour link. The
     * caller answers the same whatever happened, so nobody learns which
     * accounts exist.
     */
    async requestPasswordReset(input: { username?: string; email?: string }, address: string | null): Promise<void> {
      const key = (input.username || input.email || '').trim()
      const [user] = await db
        .select()
        .from(users)
        .where(sql`${users.active} and (lower(${users.username}) = lower(${key}) or lower(${users.email}) = lower(${key}))`)
        .limit(1)
      if (!user?.email) return
      const email = user.email
      await writeTogether(db, async (client) => {
        await issuePasswordLink(client, config, { ...user, email }, 'reset', clock.now())
        return [auditQuery(actorFor(user, address), { action: 'password_reset_request', entityType: 'user', entityId: user.id, summary: 'asked for a password reset link' })]
      })
    },

    /** Whether a link can still be used (the page says so before asking for a password). */
    async linkIsUsable(token: string): Promise<boolean> {
      const link = readPasswordLink(config, token, clock.now())
      if (!link) return false
      const { rowCount } = await db.$client.query(
        'select 1 from password_reset_tokens t join users u on u.id = t.user_id where t.id = $1 and t.token_hash = $2 and t.used_at is null and t.expires_at > $3 and u.active',
        [link.id, link.hash, clock.now()],
      )
      return Boolean(rowCount)
    },

    /**
     * Sets a password with an emailed link: the link is used up, every session
     * of the account ends. Answers the account, which the route signs in unless
     * it has a second factor (then it signs in as usual, with its code).
     */
    async resetWithLink(token: string, password: string, address: string | null): Promise<User> {
      const link = readPasswordLink(config, token, clock.now())
      const invalid = () => new HttpError(400, STAFF_MESSAGES.resetLinkInvalid, undefined, 'link_invalid')
      if (!link) throw invalid()
      const [row] = await db
        .select({ userId: sql<number>`user_id`, purpose: sql<string>`purpose` })
        .from(sql`password_reset_tokens`)
        .where(sql`id = ${link.id} and token_hash = ${link.hash} and used_at is null and expires_at > ${clock.now()}`)
      const user = row && (await fresh(row.userId))
      if (!user?.active) throw invalid()
      const problem = passwordProblem(password, user.username)
      if (problem) throw new ValidationError(problem, { password: problem })
      const hash = await hashPassword(password)
      const now = clock.now()
      await writeTogether(db, async (client) => {
        // The link is used up by the same statement that checks it: of two uses at once, one wins.
        const { rowCount } = await client.query('update password_reset_tokens set used_at = $2 where id = $1 and used_at is null', [link.id, now])
        if (!rowCount) throw invalid()
        return [
          { text: 'update users set password = $2, updated_at = $3 where id = $1', values: [user.id, hash, now] },
          { text: 'delete from session where user_id = $1', values: [user.id] },
          auditQuery(actorFor(user, address), {
            action: 'password_reset',
            entityType: 'user',
            entityId: user.id,
            summary: row?.purpose === 'invite' ? 'set their first password with the emailed link' : 'set a new password with an emailed reset link',
          }),
        ]
      })
      return user
    },

    /** How many of the user's recovery codes are left. */
    async unusedRecoveryCodes(userId: number): Promise<number> {
      const { rows } = await db.$client.query<{ n: number }>('select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null', [userId])
      return rows[0]?.n ?? 0
    },
  }
}
export type AccountService = ReturnType<typeof createAccountService>
