// Staff accounts from the command line (issue 33):
//   npm run users -- create NAME [--role owner|manager|staff]   (default staff)
//   npm run users -- reset-password NAME                         (ends the account's sessions)
//   npm run users -- set-role NAME ROLE
//   npm run users -- disable-2fa NAME                            (a lost phone and lost recovery codes)
//   npm run users -- list
// A password is read from a hidden prompt, or from stdin when it is not a terminal. Every change
// writes its audit row ('command line') in its own transaction.
import readline from 'node:readline'
import { eq, sql } from 'drizzle-orm'
import { isRole, ROLES, type Role } from '#common/permissions'
import { audit, COMMAND_LINE } from '../server/audit/audit'
import { passwordProblem } from '../server/auth/password-policy'
import { hashPassword } from '../server/auth/passwords'
import { createUserService } from '../server/auth/users'
import type { Db } from '../server/db/client'
import { users } from '../server/db/schema'
import { withDatabase } from './cli-db'

const USAGE = `Usage: npm run users -- create NAME [--role ${ROLES.join('|')}] | reset-password NAME | set-role NAME ROLE | disable-2fa NAME | list`

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  // Hide what is typed.
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl)
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    write(s.startsWith(prompt) ? prompt : '')
  }
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve))
  rl.close()
  process.stdout.write('\n')
  return answer
}

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function newPassword(username: string): Promise<string> {
  const password = await readPassword(`Password for ${username}: `)
  const problem = passwordProblem(password, username)
  if (problem) fail(problem)
  return password
}

async function existing(db: Db, username: string) {
  const user = await createUserService(db).byUsername(username)
  if (!user) fail(`No user named ${username}`)
  return user
}

async function main() {
  const args = process.argv.slice(2)
  const [command, username] = args
  const roleFlag = args.indexOf('--role')
  const role = roleFlag >= 0 ? args[roleFlag + 1] : command === 'set-role' ? args[2] : 'staff'
  if (!command || (command !== 'list' && !username) || !isRole(role)) {
    console.error(role && !isRole(role) ? `The role must be one of ${ROLES.join(', ')}.` : USAGE)
    process.exit(2)
  }
  const password = command === 'create' || command === 'reset-password' ? await newPassword(username!) : ''
  await withDatabase(async (db) => {
    switch (command) {
      case 'create': {
        if (await createUserService(db).byUsername(username!)) fail(`User ${username} already exists`)
        const hash = await hashPassword(password)
        await db.transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ username: username!, password: hash, role }).returning({ id: users.id })
          await audit(tx, COMMAND_LINE, { action: 'create', entityType: 'user', entityId: row!.id, summary: `created the ${role} account ${username}`, after: { username, role } })
        })
        console.log(`Created the ${role} account ${username}.`)
        return
      }
      case 'reset-password': {
        const user = await existing(db, username!)
        const hash = await hashPassword(password)
        await db.transaction(async (tx) => {
          await tx.update(users).set({ password: hash, updatedAt: new Date() }).where(eq(users.id, user.id))
          await tx.execute(sql`delete from session where user_id = ${user.id}`)
          await audit(tx, COMMAND_LINE, { action: 'password_reset', entityType: 'user', entityId: user.id, summary: `set a new password for ${user.username}` })
        })
        console.log(`Password changed for ${user.username}; their sessions were signed out.`)
        return
      }
      case 'set-role': {
        const user = await existing(db, username!)
        await db.transaction(async (tx) => {
          await tx.update(users).set({ role: role as Role, updatedAt: new Date() }).where(eq(users.id, user.id))
          await audit(tx, COMMAND_LINE, {
            action: 'role_change',
            entityType: 'user',
            entityId: user.id,
            summary: `changed ${user.username}'s role from ${user.role} to ${role}`,
            before: { role: user.role },
            after: { role },
          })
        })
        console.log(`${user.username} is now ${role === 'owner' ? 'an' : 'a'} ${role}.`)
        return
      }
      case 'disable-2fa': {
        const user = await existing(db, username!)
        await db.transaction(async (tx) => {
          await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, user.id))
          await tx.execute(sql`delete from user_recovery_codes where user_id = ${user.id}`)
          await audit(tx, COMMAND_LINE, { action: 'totp_off', entityType: 'user', entityId: user.id, summary: `turned off two-factor authentication for ${user.username}` })
        })
        console.log(`Two-factor authentication is off for ${user.username}.`)
        return
      }
      case 'list': {
        for (const u of await db.select().from(users).orderBy(users.username)) {
          console.log(`${u.username.padEnd(24)} ${u.role.padEnd(8)} ${u.active ? 'active     ' : 'deactivated'} 2FA ${u.totpEnabledAt ? 'on ' : 'off'} ${u.email ?? ''}`)
        }
        return
      }
      default:
        console.error(USAGE)
        process.exitCode = 2
    }
  })
}

await main()
