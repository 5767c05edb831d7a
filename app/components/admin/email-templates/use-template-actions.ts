import type { EmailTemplateInput } from '#common/email-schema'
import { EMAIL_TEMPLATE_MESSAGES as M } from '#common/email'
import { ADMIN_MESSAGES } from '#common/messages'
import { apiRequest } from '~/lib/api'
import { emailKeys, type EmailTemplateRow } from '~/lib/queries/email'
import { useConfirmedMutation } from '../confirm'

/** The fields PUT takes back: a template as it is, with some changed. */
export const asInput = (t: EmailTemplateRow): EmailTemplateInput => ({
  templateKey: t.templateKey,
  name: t.name,
  subject: t.subject,
  textContent: t.textContent,
  htmlContent: t.htmlContent,
  description: t.description,
  variables: t.variables,
  isActive: t.isActive,
  headerImage: t.headerImage,
  heroTitle: t.heroTitle,
  greetingText: t.greetingText,
  messageText: t.messageText,
  summaryTitle: t.summaryTitle,
  footerText: t.footerText,
  buttonOneText: t.buttonOneText,
  buttonOneUrl: t.buttonOneUrl,
  buttonTwoText: t.buttonTwoText,
  buttonTwoUrl: t.buttonTwoUrl,
})

/**
 * What staff do to templates, each after a confirm, with SPEC.md section 8's
 * toasts ('Template Created', 'Template Updated', 'Template Deleted') and
 * failure messages.
 */
export function useTemplateActions(options: { onSaved?: () => void } = {}) {
  const create = useConfirmedMutation({
    mutationFn: (values: EmailTemplateInput) => apiRequest<EmailTemplateRow>('POST', '/api/admin/email-templates', values),
    successTitle: M.created,
    success: ADMIN_MESSAGES.saved,
    failure: M.createFailed,
    invalidate: [emailKeys.templates],
    onSuccess: () => options.onSaved?.(),
  })
  const update = useConfirmedMutation({
    // The version the template was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ id, values, version }: { id: number; values: EmailTemplateInput; version: number }) =>
      apiRequest<EmailTemplateRow>('PUT', `/api/admin/email-templates/${id}`, { ...values, version }),
    successTitle: M.updated,
    success: ADMIN_MESSAGES.updated,
    failure: M.updateFailed,
    // The list, and any open preview, show the change.
    invalidate: [emailKeys.templates],
    onSuccess: () => options.onSaved?.(),
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/email-templates/${id}`),
    successTitle: M.deleted,
    success: ADMIN_MESSAGES.deleted,
    failure: M.deleteFailed,
    invalidate: [emailKeys.templates],
  })
  const quickSetup = useConfirmedMutation({
    mutationFn: () => apiRequest<{ created: string[] }>('POST', '/api/admin/email-templates/quick-setup'),
    success: (_v: void, { created }) =>
      created.length === 0 ? 'Every template was there already.' : `${ADMIN_MESSAGES.saved} ${created.length} ${created.length === 1 ? 'template' : 'templates'} added.`,
    invalidate: [emailKeys.templates],
  })
  return { create, update, remove, quickSetup }
}
