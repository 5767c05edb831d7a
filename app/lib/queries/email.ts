/** Email templates' and the delivery log's query keys and fetchers, for the Email Templates panel. */
import type { OutboxEntry } from '#common/email-schema'
import { getJson } from '../api'

/** A template as the admin API returns it (SPEC.md section 3's fields). */
export type EmailTemplateRow = {
  id: number
  templateKey: string
  name: string
  subject: string
  htmlContent: string
  textContent: string
  description: string | null
  variables: string[]
  isActive: boolean
  headerImage: string | null
  heroTitle: string | null
  greetingText: string | null
  messageText: string | null
  summaryTitle: string
  footerText: string | null
  buttonOneText: string | null
  buttonOneUrl: string | null
  buttonTwoText: string | null
  buttonTwoUrl: string | null
  updatedAt: string
  /** What a save sends back: the version this copy was read at. */
  version: number
}

export const emailKeys = {
  templates: ['/api/admin/email-templates'] as const,
  preview: (id: number) => ['/api/admin/email-templates', id, 'preview'] as const,
  outbox: (status: string) => ['/api/admin/email-outbox', status] as const,
  outboxAll: ['/api/admin/email-outbox'] as const,
}

export const templatesQuery = {
  queryKey: emailKeys.templates,
  queryFn: async () => (await getJson<EmailTemplateRow[]>('/api/admin/email-templates')) ?? [],
}

export const previewQuery = (id: number) => ({
  queryKey: emailKeys.preview(id),
  queryFn: async () => (await getJson<{ htmlContent: string }>(`/api/admin/email-templates/${id}/preview`))!.htmlContent,
  staleTime: 0,
})

export const outboxQuery = (status: string) => ({
  queryKey: emailKeys.outbox(status),
  queryFn: async () => (await getJson<OutboxEntry[]>(`/api/admin/email-outbox?limit=100${status ? `&status=${status}` : ''}`)) ?? [],
  refetchInterval: 30_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
})
