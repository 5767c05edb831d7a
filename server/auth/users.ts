import { eq, sql } from 'drizzle-orm'
import type { PublicUser } from '#common/auth-schema'
import type { Db } from '../db/client'
import { users, type User } from '../db/schema'
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

/** Staff accounts: sign-in checks, creation, password resets and the first-admin bootstrap. */
export function createUserService(db: Db) {
  const byUsername = async (username: string) =>
    (await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1))[0]

  return {
    async findById(id: number): Promise<PublicUser | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return user && toPublicUser(user)
    },

    /** The user when the password matches, else undefined. */
    async authenticate(username: string, password: string): Promise<PublicUser | undefined> {
      const user = await byUsername(username)
      const ok = await verifyPassword(password, user?.password ?? DUMMY_HASH)
      return user && ok ? toPublicUser(user) : undefined
    },

    async create(username: string, password: string): Promise<PublicUser> {
      if (await byUsername(username)) throw new UserExistsError(`User ${username} already exists`)
      const [user] = await db
        .insert(users)
        .values({ username, password: await hashPassword(password) })
        .returning()
      return toPublicUser(user!)
    },

    async resetPassword(username: string, password: string): Promise<void> {
      const user = await byUsername(username)
      if (!user) throw new UserNotFoundError(`No user named ${username}`)
      await db
        .update(users)
        .set({ password: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id))
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
      return row?.n ?? 0
    },

    /**
     * The first admin: from ADMIN_USERNAME/ADMIN_PASSWORD, or, with neither set
     * and no user yet, `admin` with a random password that is returned once to print.
     */
    async bootstrapAdmin(options: { username?: string; password?: string }): Promise<
      { created: false } | { created: true; username: string; generatedPassword?: string }
    > {
      if (options.username && options.password) {
        if (await byUsername(options.username)) return { created: false }
        await this.create(options.username, options.password)
        return { created: true, username: options.username }
      }
      if ((await this.count()) > 0) return { created: false }
      const username = options.username ?? 'admin'
      const generatedPassword = randomPassword()
      await this.create(username, generatedPassword)
      return { created: true, username, generatedPassword }
    },
  }
}
export type UserService = ReturnType<typeof createUserService>
