/**
 * Staff accounts, passwords, the second factor and password links: the
 * schemas and messages shared by the API, the Staff Accounts and Your Account
 * panels and the sign-in pages.
 */
import { z } from 'zod'
import { email, text } from './fields-schema'
import { ROLES, type Role } from './permissions'

/** The shortest password accepted (NIST SP 800-63B asks for at least 8; we ask for more, and refuse the common ones). */
export const PASSWORD_MIN_LENGTH = 12
/** scrypt reads all of it: bounded. */
export const PASSWORD_MAX_LENGTH = 200
/** How long an emailed password link works. */
export const PASSWORD_LINK_HOURS = 1
/** How long the link in a new account's welcome email works. */
export const INVITE_LINK_HOURS = 72
export const RECOVERY_CODE_COUNT = 10

export const STAFF_MESSAGES = {
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordCommon: 'This password is one of the 10,000 most common passwords, the first ones an attacker tries. Choose another.',
  passwordSameAsUsername: 'The password must not be the username.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChanged: 'Your password has been changed.',
  usernameRequired: 'Username is required',
  usernameInvalid: 'A username is 2 to 50 letters, digits, dots, dashes or underscores.',
  usernameTaken: 'There is already an account with that username.',
  emailInvalid: 'Enter a valid email address',
  emailTaken: 'There is already an account with that email address.',
  emailNeededForLink: 'An emailed link needs the email address of the account.',
  roleInvalid: `The role must be one of ${ROLES.join(', ')}.`,
  userNotFound: 'Staff account not found',
  lastOwner: 'There must always be at least one active owner. Make another account an owner first.',
  notYourself: 'You cannot deactivate your own account.',
  totpRequired: 'Enter the 6-digit code from your authenticator app.',
  totpInvalid: 'That code is not right. Enter the current 6-digit code from your authenticator app, or a recovery code.',
  totpNotStarted: 'Start setting up two-factor authentication first.',
  totpAlreadyOn: 'Two-factor authentication is already on.',
  totpNotOn: 'Two-factor authentication is not on.',
  totpSetupRequired: 'Owners must use two-factor authentication. Turn it on under Your Account to continue.',
  totpOwnersMust: "Owners must keep two-factor authentication on while 'Require 2FA for owners' is on.",
  ownTotpFirst: 'Turn on two-factor authentication for your own account first.',
  resetRequested: 'If an account matches, we have emailed it a link to set a new password. The link works for one hour.',
  resetLinkInvalid: 'This link is invalid, has been used or has expired. Ask for a new one.',
  resetDone: 'Your password has been set. You are signed in.',
  sessionNotFound: 'Session not found',
} as const

export const PasswordSchema = z
  .string({ message: STAFF_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, STAFF_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, STAFF_MESSAGES.passwordTooLong)

const Username = z
  .string({ message: STAFF_MESSAGES.usernameRequired })
  .trim()
  .min(1, STAFF_MESSAGES.usernameRequired)
  .regex(/^[\w.-]{2,50}$/, STAFF_MESSAGES.usernameInvalid)

const Name = (label: string) =>
  text({ max: 100, label })
    .nullable()
    .transform((v) => v || null)
const OptionalEmail = z
  .union([z.literal(''), z.null(), email({ required: STAFF_MESSAGES.emailInvalid, invalid: STAFF_MESSAGES.emailInvalid })])
  .transform((v) => v || null)
const RoleSchema = z.enum(ROLES, { message: STAFF_MESSAGES.roleInvalid })

/** A new staff account: a first password, or (without one) a link emailed to its address. */
export const StaffAccountCreateSchema = z
  .object({
    username: Username,
    firstName: Name('First name').optional(),
    lastName: Name('Last name').optional(),
    email: OptionalEmail.optional(),
    role: RoleSchema,
    password: PasswordSchema.optional(),
  })
  .refine((v) => v.password || v.email, { message: STAFF_MESSAGES.emailNeededForLink, path: ['email'] })
export type StaffAccountCreate = z.infer<typeof StaffAccountCreateSchema>

export const StaffAccountPatchSchema = z
  .object({
    role: RoleSchema,
    active: z.boolean({ message: 'active must be true or false' }),
    firstName: Name('First name'),
    lastName: Name('Last name'),
    email: OptionalEmail,
  })
  .partial()
  .strict()
export type StaffAccountPatch = z.infer<typeof StaffAccountPatchSchema>

export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ message: 'Enter your current password' }).min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
})

/** A TOTP code (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const CodeSchema = z
  .string({ message: STAFF_MESSAGES.totpRequired })
  .trim()
  .min(1, STAFF_MESSAGES.totpRequired)
  .max(40, STAFF_MESSAGES.totpInvalid)
export const CodeBodySchema = z.object({ code: CodeSchema })

/** POST /api/password-reset: a username or an email address. */
export const PasswordResetRequestSchema = z
  .object({
    username: z.string().trim().max(254).optional(),
    email: z.string().trim().max(254).optional(),
  })
  .refine((v) => v.username || v.email, { message: 'Enter your username or email address', path: ['username'] })

export const PasswordResetSchema = z.object({ password: PasswordSchema })

export const OwnerTotpRuleSchema = z.object({ required: z.boolean({ message: 'required must be true or false' }) })

/** A staff account as the Staff Accounts panel lists it. */
export type StaffAccount = {
  id: number
  username: string
  firstName: string | null
  lastName: string | null
  email: string | null
  role: Role
  active: boolean
  totpEnabled: boolean
  lastSignInAt: string | null
  createdAt: string
}

/** The signed-in user, as `/api/user` answers: what the back-office shows and which panels it offers. */
export type CurrentStaff = {
  id: number
  username: string
  email: string | null
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  role: Role
  totpEnabled: boolean
  /** An owner who must turn on two-factor authentication before anything else. */
  mustEnrolTotp: boolean
}

/** One of the signed-in user's sessions. */
export type StaffSession = {
  id: string
  createdAt: string | null
  lastSeenAt: string | null
  userAgent: string | null
  address: string | null
  current: boolean
}

/** 'Sam Smith', else the username. */
export const displayName = (u: { username: string; firstName?: string | null; lastName?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username
