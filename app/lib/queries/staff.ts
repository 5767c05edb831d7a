/** Staff accounts, the signed-in user's own account and the audit log: query keys and fetchers. */
import type { AuditPage } from '#common/audit-schema'
import type { StaffAccount, StaffSession } from '#common/staff-schema'
import { getJson } from '../api'

export const staffKeys = {
  accounts: ['/api/admin/users'] as const,
  sessions: ['/api/admin/me/sessions'] as const,
  totp: ['/api/admin/me/totp'] as const,
  audit: ['/api/admin/audit-log'] as const,
}

export const staffAccountsQuery = {
  queryKey: staffKeys.accounts,
  queryFn: async () => (await getJson<{ users: StaffAccount[]; requireOwnerTotp: boolean }>('/api/admin/users'))!,
}

export const mySessionsQuery = {
  queryKey: staffKeys.sessions,
  queryFn: async () => (await getJson<StaffSession[]>('/api/admin/me/sessions')) ?? [],
}

export const myTotpQuery = {
  queryKey: staffKeys.totp,
  queryFn: async () => (await getJson<{ enabled: boolean; recoveryCodesLeft: number }>('/api/admin/me/totp'))!,
}

export type AuditFilters = { entityType?: string; entityId?: string; userId?: number; from?: string; to?: string }

/** The audit log's URL for a filter and a page (`cursor`: the last id seen). */
export function auditLogUrl(filters: AuditFilters, cursor?: string | null) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value))
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return `/api/admin/audit-log${query ? `?${query}` : ''}`
}

export const fetchAuditPage = async (filters: AuditFilters, cursor?: string | null) => (await getJson<AuditPage>(auditLogUrl(filters, cursor)))!
