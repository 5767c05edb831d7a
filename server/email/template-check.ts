import Mustache from 'mustache'
import { EMAIL_TEMPLATE_INFO, isKnownTemplateKey } from '#common/email'
import type { EmailTemplateInput } from '#common/email-schema'

/** The fields of a template that are filled in for each message, and their labels in the form. */
const FILLED: [keyof EmailTemplateInput, string][] = [
  ['subject', 'Subject'],
  ['messageText', 'Message'],
  ['textContent', 'Text content'],
  ['heroTitle', 'Hero title'],
  ['summaryTitle', 'Summary title'],
  ['greetingText', 'Greeting'],
  ['footerText', 'Footer'],
  ['buttonOneText', 'Button one text'],
  ['buttonOneUrl', 'Button one link'],
  ['buttonTwoText', 'Button two text'],
  ['buttonTwoUrl', 'Button two link'],
  ['htmlContent', 'HTML code'],
]

/** Every variable some email fills in: what a template of its own key may use. */
const ANY_VARIABLE = [...new Set(Object.values(EMAIL_TEMPLATE_INFO).flatMap((info) => info.variables))]

/** Mustache's syntax errors ('Unclosed tag at 81') in words for staff. */
function syntaxWords(message: string): string {
  const section = /^(Unclosed|Unopened) section "([^"]*)"/.exec(message)
  if (section?.[1] === 'Unclosed') return `{{#${section[2]}}} has no {{/${section[2]}}} to end it`
  if (section) return `{{/${section[2]}}} ends a section that was never started`
  if (message.startsWith('Unclosed tag')) return 'a {{ has no }} to close it: write a variable as {{customerName}}'
  return message
}

/** The names a parsed template reads ({{name}}, {{{name}}}, {{&name}}, {{#name}} and {{^name}}, nested too). */
function namesIn(tokens: unknown[][]): string[] {
  return tokens.flatMap((token) => {
    const [type, value, , , children] = token as [string, string, number, number, unknown[][] | undefined]
    const own = ['name', '&', '{', '#', '^'].includes(type) && value !== '.' ? [value.split('.')[0]!] : []
    return [...own, ...(Array.isArray(children) ? namesIn(children) : [])]
  })
}

/**
 * What would stop a template being filled in, or leave a blank where staff
 * meant a value, by field: a {{ never closed, a section never ended, or a
 * variable this email does not fill in (a typo such as {{custmerName}}).
 * Empty when every field is sound. Checked when a template is saved, so a
 * mistake is said then, not found later in a message that cannot be sent.
 */
export function templateProblems(
  template: Pick<EmailTemplateInput, 'templateKey'> & Partial<EmailTemplateInput>,
): Record<string, string> {
  const known = isKnownTemplateKey(template.templateKey)
    ? EMAIL_TEMPLATE_INFO[template.templateKey].variables
    : ANY_VARIABLE
  const problems: Record<string, string> = {}
  for (const [field, label] of FILLED) {
    const value = template[field]
    if (typeof value !== 'string' || !value.includes('{{')) continue
    let tokens: unknown[][]
    try {
      tokens = Mustache.parse(value) as unknown[][]
    } catch (error) {
      problems[field] = `${label}: ${syntaxWords(error instanceof Error ? error.message : String(error))}`
      continue
    }
    const unknown = namesIn(tokens).find((name) => !known.includes(name))
    if (unknown)
      problems[field] =
        `${label}: {{${unknown}}} is not filled in for this email. Use ${known.map((v) => `{{${v}}}`).join(', ')}.`
  }
  return problems
}
