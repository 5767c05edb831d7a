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

/** Sections inside sections: a template needs two or three; thousands overflowed the stack (a 500). */
export const MAX_SECTION_DEPTH = 8

type Token = [string, string, number, number, Token[] | undefined]

/** How deep a parsed template's sections go, walked without recursion (the tree may be thousands deep). */
function sectionDepth(tokens: Token[]): number {
  let deepest = 0
  const stack: [Token[], number][] = [[tokens, 0]]
  while (stack.length) {
    const [list, depth] = stack.pop()!
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_SECTION_DEPTH) return deepest
    for (const token of list) if (Array.isArray(token[4])) stack.push([token[4], depth + 1])
  }
  return deepest
}

/** The first tag that would put its value into the email unescaped ({{{name}}} or {{&name}}), as written. */
function unescapedTag(tokens: Token[], source: string): string | undefined {
  for (const [type, , start, end, children] of tokens) {
    // Mustache reads {{{name}}} as an '&' tag too.
    if (type === '&' || type === '{') return source.slice(start, end)
    const inner = Array.isArray(children) ? unescapedTag(children, source) : undefined
    if (inner) return inner
  }
  return undefined
}

/** The names a parsed template reads ({{name}}, {{#name}} and {{^name}}, nested too). */
function namesIn(tokens: unknown[][]): string[] {
  return tokens.flatMap((token) => {
    const [type, value, , , children] = token as [string, string, number, number, unknown[][] | undefined]
    const own = ['name', '&', '{', '#', '^'].includes(type) && value !== '.' ? [value.split('.')[0]!] : []
    return [...own, ...(Array.isArray(children) ? namesIn(children) : [])]
  })
}

/**
 * What would stop a template being filled in, leave a blank where staff
 * meant a value, or let a guest's text into the email as HTML, by field: a {{
 * never closed, a section never ended, sections nested more than
 * MAX_SECTION_DEPTH deep, a {{{triple}}} or {{&ampersand}} tag, or a variable
 * this email does not fill in (a typo such as {{custmerName}}).
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
    if (sectionDepth(tokens as Token[]) > MAX_SECTION_DEPTH) {
      problems[field] = `${label}: sections are nested more than ${MAX_SECTION_DEPTH} deep ({{#…}} inside {{#…}})`
      continue
    }
    // A guest's name or requests must never become HTML in the email: every value is shown as typed.
    const raw = unescapedTag(tokens as Token[], value)
    if (raw) {
      problems[field] = `${label}: ${raw} would put a guest's text into the email unescaped. Write the variable with two braces, such as {{customerName}}.`
      continue
    }
    const unknown = namesIn(tokens).find((name) => !known.includes(name))
    if (unknown)
      problems[field] =
        `${label}: {{${unknown}}} is not filled in for this email. Use ${known.map((v) => `{{${v}}}`).join(', ')}.`
  }
  return problems
}
