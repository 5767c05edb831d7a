/** The request schemas of Email Templates (the keys, wording and messages are in common/email.ts). */
import { z } from 'zod'
import type { OutboxStatus } from './email'
import { text } from './fields-schema'

/** An optional text: empty, missing or null are all stored as null (a template read back can be sent back as it is). */
const optional = (max: number, label: string, multiline = false) =>
  text({ max, label, multiline })
    .nullish()
    .transform((v) => v || null)

/** A button's link: a web address, mail or phone link, a site path, or a variable such as {{manageUrl}}. */
const link = (label: string) =>
  optional(500, label).refine((v) => v === null || /^(?:https?:\/\/|mailto:|tel:|\/|\{\{)/i.test(v), `${label} must start with https://, mailto:, tel:, / or {{`)

/** An email template as staff create and edit it (SPEC.md section 3's fields). */
export const EmailTemplateSchema = z.object({
  templateKey: text({ max: 50, required: 'Template key is required', label: 'Template key' }).refine(
    (k) => /^[a-z][a-z0-9_]{2,49}$/.test(k),
    'Template key must be lower-case letters, digits and underscores, such as booking_confirmed',
  ),
  name: text({ max: 200, required: 'Name is required', label: 'Name' }),
  subject: text({ max: 300, required: 'Subject is required', label: 'Subject' }),
  textContent: text({ max: 20_000, multiline: true, required: 'Text content is required', label: 'Text content' }),
  htmlContent: text({ max: 100_000, multiline: true, label: 'HTML code' }).default(''),
  description: optional(1000, 'Description', true),
  variables: z.array(text({ max: 50, label: 'Variable' }), { error: 'variables must be a list of names' }).max(30).default([]),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  headerImage: optional(500, 'Header image'),
  heroTitle: optional(200, 'Hero title'),
  greetingText: optional(500, 'Greeting', true),
  messageText: optional(5000, 'Message', true),
  summaryTitle: text({ max: 100, label: 'Summary title' }).transform((v) => v || 'Your Booking').default('Your Booking'),
  footerText: optional(2000, 'Footer', true),
  buttonOneText: optional(100, 'Button one text'),
  buttonOneUrl: link('Button one link'),
  buttonTwoText: optional(100, 'Button two text'),
  buttonTwoUrl: link('Button two link'),
})
export type EmailTemplateInput = z.infer<typeof EmailTemplateSchema>
export type EmailTemplateForm = z.input<typeof EmailTemplateSchema>

/** A line of the delivery log. */
export type OutboxEntry = {
  id: number
  toAddress: string
  templateKey: string
  subject: string | null
  status: OutboxStatus
  attempts: number
  lastError: string | null
  createdAt: string
  sentAt: string | null
}
