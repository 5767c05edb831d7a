import { eq, sql } from 'drizzle-orm'
import type { PublicUser } from '#common/auth-schema'
import type { Role } from '#common/permissions'
import type { CurrentStaff } from '#common/staff-schema'
import type { Db } from '../db/client'
import { users, type User } from '../db/schema'
import { ValidationError } from '../http/errors'
import { OWNER_TOTP_SETTING } from './guard'
import { passwordProblem } from './password-policy'
import { DUMMY_HASH, hashPassword, randomPassword, verifyPassword } from './passwords'

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  }
}

export class UserExistsError extends Error {}
export class UserNotFoundError extends Error {}

export type NewUser = { role?: Role; email?: string | null; firstName?: string | null; lastName?: string | null }

/** Ends every session of a user (all of them, or all but `exceptSid`): a password reset, a deactivation. */
export const endSessionsQuery = (userId: number, exceptSid?: string) => ({
  text: 'delete from session where user_id = $1 and sid is distinct from $2',
  values: [userId, exceptSid ?? null],
})

/** Staff accounts: sign-in checks, the current user, creation, the command line's password resets and the first owner. */
export function createUserService(db: Db) {
  const byUsername = async (username: string) =>
    (await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1))[0]

  const refuseWeak = (password: string, username: string) => {
    const problem = passwordProblem(password, username)
    if (problem) throw new ValidationError(problem, { password: problem })
  }

  return {
    byUsername,

    byId: async (id: number): Promise<User | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

    async findById(id: number): Promise<PublicUser | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return user && user.active ? toPublicUser(user) : undefined
    },

    /** The signed-in user as /api/user answers: with the role, and whether an owner must first turn on 2FA. */
    async current(id: number): Promise<CurrentStaff | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      if (!user?.active) return undefined
      const [rule] = await db.execute<{ on: boolean }>(
        sql`select exists (select 1 from site_settings where setting_key = ${OWNER_TOTP_SETTING} and setting_value = 'true') as on`,
      ).then((r) => r.rows)
      const totpEnabled = user.totpEnabledAt !== null
      return { ...toPublicUser(user), role: user.role as Role, totpEnabled, mustEnrolTotp: user.role === 'owner' && !totpEnabled && Boolean(rule?.on) }
    },

    /** The active user whose password this is, else undefined (timing the same whether or not the name exists). */
    async authenticate(username: string, password: string): Promise<User | undefined> {
      const user = await byUsername(username)
      const ok = await verifyPassword(password, user?.password ?? DUMMY_HASH)
      return user && ok && user.active ? user : undefined
    },

    /** A new account; its password must pass the policy (12+ characters, not a common one). */
    async create(username: string, password: string, options: NewUser = {}): Promise<PublicUser> {
      if (await byUsername(username)) throw new UserExistsError(`User ${username} already exists`)
      refuseWeak(password, username)
      const [user] = await db
        .insert(users)
        .values({
          username,
          password: await hashPassword(password),
          role: options.role ?? 'staff',
          email: options.email ?? null,
          firstName: options.firstName ?? null,
          lastName: options.lastName ?? null,
        })
        .returning()
      return toPublicUser(user!)
    },

    /** Sets a password from the command line; every session of the account ends. */
    async resetPassword(username: string, password: string): Promise<void> {
      const user = await byUsername(username)
      if (!user) throw new UserNotFoundError(`No user named ${username}`)
      refuseWeak(password, user.username)
      const hash = await hashPassword(password)
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password: hash, updatedAt: new Date() }).where(eq(users.id, user.id))
        await tx.execute(sql`delete from session where user_id = ${user.id}`)
      })
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
      return row?.n ?? 0
    },

    /**
     * The first owner: from ADMIN_USERNAME/ADMIN_PASSWORD, or, with neither set
     * and no user yet, `admin` with a random password that is returned once to print.
     */
    async bootstrapAdmin(options: { username?: string; password?: string }): Promise<
      { created: false } | { created: true; username: string; generatedPassword?: string }
    > {
      if (options.username && options.password) {
        if (await byUsername(options.username)) return { created: false }
        await this.create(options.username, options.password, { role: 'owner' })
        return { created: true, username: options.username }
      }
      if ((await this.count()) > 0) return { created: false }
      const username = options.username ?? 'admin'
      const generatedPassword = randomPassword()
      await this.create(username, generatedPassword, { role: 'owner' })
      return { created: true, username, generatedPassword }
    },
  }
}
export type UserService = ReturnType<typeof createUserService>
