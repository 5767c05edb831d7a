/**
 * Who may do what in the back-office: the one permission table (DESIGN.md
 * section 9), read by the server's guard on every /api/admin route and by the
 * sidebar, which shows only the panels a role may open.
 *
 * Permissions are named by capability, not by panel. To add one: add its name
 * to PERMISSIONS with a line saying what it allows, grant it below to the
 * roles that have it, and declare it on the routes that need it
 * (`routes.post('/api/admin/tables', 'tables.write', handler)`). The role
 * matrix test (tests/api/role-matrix.test.ts) then checks every route against
 * this table; a route under /api/admin without a permission stops the app at
 * start-up.
 */

export const ROLES = ['owner', 'manager', 'staff'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', staff: 'Staff' }

export const PERMISSIONS = {
  'account.self': 'Their own account: password, two-factor authentication, sessions',
  'reservations.read': 'See bookings, their details and history',
  'reservations.write': 'Take, edit, confirm, decline and cancel bookings',
  'reservations.delete': 'Delete bookings',
  'service.write': "Run the night's service: arrivals, walk-ins, the waitlist",
  'enquiries.read': 'See event enquiries',
  'enquiries.write': "Change an enquiry's status",
  'enquiries.delete': 'Delete enquiries',
  'content.read': 'See events, hours, menus, cocktails, hero slides and settings',
  'content.write': 'Create and change events, hours, menus, cocktails and hero slides',
  'content.delete': 'Delete events, hour exceptions, menus and hero slides',
  upload: 'Upload images and PDFs',
  'settings.write': 'Change the website and booking settings',
  'templates.manage': 'Email templates and the delivery log',
  'marketing.read': 'See the marketing opt-in list',
  'marketing.export': 'Copy and export the marketing list as CSV',
  'guests.read': 'See guest profiles',
  'guests.write': 'Change guest profiles and notes',
  'guests.export': "Export a guest's data",
  'guests.erase': "Erase a guest's personal data",
  'retention.manage': 'How long personal data and the audit log are kept',
  'users.manage': 'Staff accounts, roles and the two-factor rule for owners',
  'audit.read': 'Read the audit log',
  'tables.read': 'See the floor plan: areas, tables, combinations, turn times and area closures',
  'tables.manage': 'Draw the floor plan: areas, tables, combinations, turn times, and close an area for a date',
} as const satisfies Record<string, string>
export type Permission = keyof typeof PERMISSIONS

const STAFF: readonly Permission[] = [
  'account.self',
  'reservations.read',
  'reservations.write',
  'service.write',
  'enquiries.read',
  'enquiries.write',
  'content.read',
  'guests.read',
  'guests.write',
  // Staff seat guests during service: they read the plan, managers draw it.
  'tables.read',
]

const MANAGER: readonly Permission[] = [
  ...STAFF,
  'reservations.delete',
  'enquiries.delete',
  'content.write',
  'content.delete',
  'upload',
  'settings.write',
  'templates.manage',
  'marketing.read',
  'marketing.export',
  'guests.export',
  'audit.read',
  'tables.manage',
]

const OWNER: readonly Permission[] = [...MANAGER, 'guests.erase', 'retention.manage', 'users.manage']

/** The grants: each role's permissions. A manager has all of staff's, an owner all of a manager's. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  staff: new Set(STAFF),
  manager: new Set(MANAGER),
  owner: new Set(OWNER),
}

/** Whether a role holds a permission. */
export function can(role: Role | undefined | null, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false
}

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value)
export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && Object.hasOwn(PERMISSIONS, value)

export const FORBIDDEN_MESSAGE = 'You do not have permission to do that.'
