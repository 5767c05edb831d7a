/**
 * Staff Accounts (owners only): the list, new accounts, roles, deactivation,
 * password links, and the rule that owners must use a second factor. Every
 * change writes its audit row in its own transaction. There is always at
 * least one active owner: the check locks the owners' rows, so two owners
 * demoting each other at once cannot both succeed.
 */
import crypto from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { ROLE_LABELS, type Role } from '#common/permissions'
import { displayName, STAFF_MESSAGES, type StaffAccount, type StaffAccountCreate, type StaffAccountPatch } from '#common/staff-schema'
import { auditQuery, changedFields, type Actor } from '../audit/audit'
import { users, type User } from '../db/schema'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError, ValidationError } from '../http/errors'
import { writeTogether } from './account-service'
import { OWNER_TOTP_SETTING } from './guard'
import { issuePasswordLink } from './password-links'
import { passwordProblem } from './password-policy'
import { hashPassword } from './passwords'

export const toStaffAccount = (u: User): StaffAccount => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  role: u.role as Role,
  active: u.active,
  totpEnabled: u.totpEnabledAt !== null,
  lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
})

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string })?.code === '23505' && (error as { constraint?: string }).constraint === constraint

/** The fields of an account the audit log shows (never the password or the second factor's secret). */
const auditable = (u: User) => ({ role: u.role, active: u.active, firstName: u.firstName, lastName: u.lastName, email: u.email })

export function createStaffAccounts({ db, clock, config }: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const byId = async (id: number) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0]

  /** Turns a unique violation on username or email into the message staff read. */
  const explain = (error: unknown): never => {
    if (isUniqueViolation(error, 'users_username_unique')) throw new ConflictError(STAFF_MESSAGES.usernameTaken)
    if (isUniqueViolation(error, 'users_email_unique')) throw new ConflictError(STAFF_MESSAGES.emailTaken)
    throw error
  }

  return {
    async list(): Promise<StaffAccount[]> {
      const rows = await db.select().from(users).orderBy(asc(users.username))
      return rows.map(toStaffAccount)
    },

    /** A new account with a first password, or with a link emailed to its address to set one. */
    async create(actor: Actor, input: StaffAccountCreate): Promise<StaffAccount> {
      if (input.password) {
        const problem = passwordProblem(input.password, input.username)
        if (problem) throw new ValidationError(problem, { password: problem })
      }
      // Without a first password the account has one nobody knows, until the link sets it.
      const hash = await hashPassword(input.password ?? crypto.randomBytes(32).toString('base64url'))
      let createdId = 0
      await writeTogether(db, async (client) => {
        const { rows } = await client
          .query<{ id: number }>(
            `insert into users (username, password, email, first_name, last_name, role) values ($1, $2, $3, $4, $5, $6) returning id`,
            [input.username, hash, input.email ?? null, input.firstName ?? null, input.lastName ?? null, input.role],
          )
          .catch(explain)
        const id = rows[0]!.id
        createdId = id
        if (!input.password) {
          await issuePasswordLink(client, config, { id, username: input.username, email: input.email!, firstName: input.firstName ?? null }, 'invite', clock.now())
        }
        return [
          auditQuery(actor, {
            action: 'create',
            entityType: 'user',
            entityId: id,
            summary: `created the ${ROLE_LABELS[input.role].toLowerCase()} account ${input.username}${input.password ? '' : ' and emailed a link to set its password'}`,
            after: { username: input.username, role: input.role, email: input.email ?? null, firstName: input.firstName ?? null, lastName: input.lastName ?? null },
          }),
        ]
      })
      return toStaffAccount((await byId(createdId))!)
    },

    /**
     * Changes an account's role, names, email or whether it is active. Taking
     * away the last active owner is refused (409); deactivating an account ends
     * its sessions at once.
     */
    async update(actor: Actor, id: number, patch: StaffAccountPatch): Promise<StaffAccount> {
      if (patch.active === false && id === actor.userId) throw new ConflictError(STAFF_MESSAGES.notYourself)
      let summary = ''
      await writeTogether(db, async (client) => {
        // The owners' rows are locked first, in one order: the count below stays true until commit.
        const owners = await client.query<{ id: number }>(`select id from users where role = 'owner' and active order by id for update`)
        const { rows } = await client.query<Record<string, unknown>>('select * from users where id = $1 for update', [id])
        if (!rows[0]) throw new NotFoundError(STAFF_MESSAGES.userNotFound)
        const before = toUser(rows[0])
        const after: User = {
          ...before,
          role: patch.role ?? before.role,
          active: patch.active ?? before.active,
          firstName: patch.firstName !== undefined ? patch.firstName : before.firstName,
          lastName: patch.lastName !== undefined ? patch.lastName : before.lastName,
          email: patch.email !== undefined ? patch.email : before.email,
        }
        const losesOwner = before.role === 'owner' && before.active && (after.role !== 'owner' || !after.active)
        if (losesOwner && owners.rows.filter((o) => o.id !== id).length === 0) throw new ConflictError(STAFF_MESSAGES.lastOwner)
        await client
          .query(
            `update users set role = $2, active = $3, first_name = $4, last_name = $5, email = $6, updated_at = $7 where id = $1`,
            [id, after.role, after.active, after.firstName, after.lastName, after.email, clock.now()],
          )
          .catch(explain)
        const diff = changedFields(auditable(before), auditable(after))
        summary = describeChange(before, after)
        return [
          // Deactivated: every session of the account ends now (the guard also refuses any it missed).
          ...(after.active ? [] : [{ text: 'delete from session where user_id = $1', values: [id] }]),
          auditQuery(actor, { action: patch.role && patch.role !== before.role ? 'role_change' : 'update', entityType: 'user', entityId: id, summary, ...diff }),
        ]
      })
      return toStaffAccount((await byId(id))!)
    },

    /** Emails the account a one-hour link to set a new password (its current password keeps working until then). */
    async sendPasswordReset(actor: Actor, id: number): Promise<void> {
      const user = await byId(id)
      if (!user) throw new NotFoundError(STAFF_MESSAGES.userNotFound)
      if (!user.email) throw new ConflictError(STAFF_MESSAGES.emailNeededForLink)
      if (!user.active) throw new ConflictError('This account is deactivated: reactivate it first.')
      const email = user.email
      await writeTogether(db, async (client) => {
        await issuePasswordLink(client, config, { ...user, email }, 'reset', clock.now())
        return [auditQuery(actor, { action: 'password_reset_sent', entityType: 'user', entityId: id, summary: `emailed ${user.username} a password reset link` })]
      })
    },

    async ownerTotpRule(): Promise<boolean> {
      const { rows } = await db.$client.query<{ v: string }>('select setting_value as v from site_settings where setting_key = $1', [OWNER_TOTP_SETTING])
      return rows[0]?.v === 'true'
    },

    /** 'Require 2FA for owners': the owner who turns it on must have it on first. */
    async setOwnerTotpRule(actor: Actor, required: boolean): Promise<boolean> {
      if (required) {
        const me = await byId(actor.userId!)
        if (!me?.totpEnabledAt) throw new ConflictError(STAFF_MESSAGES.ownTotpFirst)
      }
      const before = await this.ownerTotpRule()
      await writeTogether(db, async () => [
        {
          text: `insert into site_settings (setting_key, setting_value, description) values ($1, $2, 'Owners must use two-factor authentication')
                 on conflict (setting_key) do update set setting_value = excluded.setting_value, updated_at = now()`,
          values: [OWNER_TOTP_SETTING, String(required)],
        },
        auditQuery(actor, {
          action: 'update',
          entityType: 'setting',
          entityId: OWNER_TOTP_SETTING,
          summary: `${before === required ? 'left' : 'turned'} ${required ? 'on' : 'off'} 'Require 2FA for owners'`,
          before: { required: before },
          after: { required },
        }),
      ])
      return required
    },
  }
}
export type StaffAccounts = ReturnType<typeof createStaffAccounts>

/** A users row read with plain SQL, in the schema's field names. */
function toUser(r: Record<string, unknown>): User {
  return {
    id: r.id as number,
    username: r.username as string,
    password: r.password as string,
    email: r.email as string | null,
    firstName: r.first_name as string | null,
    lastName: r.last_name as string | null,
    profileImageUrl: r.profile_image_url as string | null,
    role: r.role as string,
    active: r.active as boolean,
    lastSignInAt: r.last_sign_in_at as Date | null,
    totpSecret: r.totp_secret as string | null,
    totpEnabledAt: r.totp_enabled_at as Date | null,
    totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  }
}

/** 'made sam a manager', 'deactivated sam', 'changed sam's email'. */
function describeChange(before: User, after: User): string {
  const name = displayName(before) === before.username ? before.username : `${before.username} (${displayName(before)})`
  const parts: string[] = []
  if (after.role !== before.role) parts.push(`changed ${name}'s role from ${ROLE_LABELS[before.role as Role].toLowerCase()} to ${ROLE_LABELS[after.role as Role].toLowerCase()}`)
  if (after.active !== before.active) parts.push(after.active ? `reactivated ${name}` : `deactivated ${name}`)
  const details = (['firstName', 'lastName', 'email'] as const).filter((k) => after[k] !== before[k])
  if (details.length) parts.push(`changed ${name}'s ${details.map((k) => ({ firstName: 'first name', lastName: 'last name', email: 'email' })[k]).join(', ')}`)
  return parts.join('; ') || `saved ${name} unchanged`
}
