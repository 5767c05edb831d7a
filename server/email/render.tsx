import type { render as Render } from '@react-email/render'
import Mustache from 'mustache'
import { withoutTrailingSlashes } from '#common/url'
import type { EmailTemplate } from '../db/schema'
import type { VenueDetails } from '../settings/settings-service'
import { EmailLayout, nameAndAddress } from './layout'

export type RenderedMessage = { subject: string; html: string; text: string }

export type RenderInput = {
  template: Pick<
    EmailTemplate,
    | 'subject'
    | 'htmlContent'
    | 'textContent'
    | 'headerImage'
    | 'heroTitle'
    | 'greetingText'
    | 'messageText'
    | 'summaryTitle'
    | 'footerText'
    | 'buttonOneText'
    | 'buttonOneUrl'
    | 'buttonTwoText'
    | 'buttonTwoUrl'
  >
  /** The variables, already in words ('Saturday, 05 December 2026', '7:30 PM'). */
  variables: Record<string, string>
  /** The booking or enquiry at a glance: label and value rows. */
  summary: [string, string][]
  venue: VenueDetails
  /** Where a guest stops offers; left out of staff alerts. */
  unsubscribeUrl?: string
  /** The guest's link to change or cancel the booking ({{manageUrl}}); added to a template that does not place it itself. */
  manageUrl?: string
  /** A large party's link to confirm their request ({{confirmUrl}}); added, first, to a template that does not place it itself. */
  confirmUrl?: string
}

const MANAGE_TEXT = 'Change or cancel your booking'
const CONFIRM_TEXT = 'Confirm your request'

/** React Email's renderer, loaded with the first message: it brings prettier, which the process need not hold until then. */
let loadRenderer: Promise<typeof Render> | undefined
const renderer = () => (loadRenderer ??= import('@react-email/render').then((m) => m.render))

/** Whether a template places a variable ({{manageUrl}}, {{confirmUrl}}) itself, in any of its parts. */
const places = (t: RenderInput['template'], name: string) => Object.values(t).some((v) => typeof v === 'string' && v.includes(name))

/** Fills variables without HTML escaping: for subjects, plain text, and text React escapes itself. */
const plain = (template: string | null | undefined, variables: Record<string, string>) =>
  template ? Mustache.render(template, variables, {}, { escape: (value: string) => value }) : ''

/**
 * Fills variables escaping them for HTML: for the template's own HTML. The
 * values are escaped before they go in, so even a {{{triple}}} or {{&name}}
 * tag in a template saved before such tags were refused (template-check.ts)
 * puts a guest's text in as text, never as HTML.
 */
const html = (template: string, variables: Record<string, string>) => {
  const escaped = Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, Mustache.escape(value)]))
  return Mustache.render(template, escaped, {}, { escape: (value: string) => value })
}

/** Absolute, for a mail client: a stored upload's name or a site path gets the site's address. */
function absolute(url: string, siteUrl: string): string {
  if (/^(?:https?:|mailto:|tel:)/i.test(url)) return url
  const base = withoutTrailingSlashes(siteUrl)
  return url.startsWith('/') ? `${base}${url}` : `${base}/uploads/${url}`
}

/** A line added to staff's own HTML: before </body>, or at the end. */
function beforeBodyEnd(body: string, line: string): string {
  const end = body.toLowerCase().lastIndexOf('</body>')
  return end === -1 ? `${body}${line}` : `${body.slice(0, end)}${line}${body.slice(end)}`
}

/** Staff's own HTML keeps the line on stopping offers. */
function withStopOffers(body: string, unsubscribeUrl: string | undefined): string {
  if (!unsubscribeUrl) return body
  return beforeBodyEnd(
    body,
    `<p style="font-size:13px;color:#5b4f42">If you agreed to hear about our offers when you booked, you can <a href="${Mustache.escape(unsubscribeUrl)}">stop offers from us here</a>.</p>`,
  )
}

/** Staff's own HTML without {{manageUrl}} (or {{confirmUrl}}) gets the link. */
function withLink(body: string, url: string | undefined, text: string): string {
  return url ? beforeBodyEnd(body, `<p><a href="${Mustache.escape(url)}">${text}</a></p>`) : body
}

/**
 * A template filled with a message's variables: the subject, the HTML part
 * (the template's own HTML when staff wrote one in the HTML Code tab, else its
 * structured fields in the shared layout) and the plain-text part. Variables
 * are filled by mustache, escaped in HTML and not in text (DESIGN.md section 4).
 */
export async function renderMessage({ template: t, variables, summary, venue, unsubscribeUrl, manageUrl, confirmUrl }: RenderInput): Promise<RenderedMessage> {
  const siteUrl = venue.site_url
  const vars = { venueName: venue.venue_name, venuePhone: venue.venue_phone, ...variables, ...(manageUrl ? { manageUrl } : {}), ...(confirmUrl ? { confirmUrl } : {}) }
  // Every guest booking email carries the manage link, even from a template written before it existed;
  // a large party's request carries its confirm link the same way.
  const addManage = Boolean(manageUrl) && !places(t, 'manageUrl')
  const addConfirm = Boolean(confirmUrl) && !places(t, 'confirmUrl')
  const subject = plain(t.subject, vars).replace(/\s+/g, ' ').trim()
  const buttons = [
    [t.buttonOneText, t.buttonOneUrl],
    [t.buttonTwoText, t.buttonTwoUrl],
  ]
    .map(([text, url]) => ({ text: plain(text, vars).trim(), url: plain(url, vars).trim() }))
    .filter((b) => b.text && b.url)
    .map((b) => ({ ...b, url: absolute(b.url, siteUrl) }))
  if (addConfirm) buttons.unshift({ text: CONFIRM_TEXT, url: confirmUrl! })
  if (addManage) buttons.push({ text: MANAGE_TEXT, url: manageUrl! })

  const body = t.htmlContent?.trim()
    ? withStopOffers(
        withLink(withLink(html(t.htmlContent, vars), addConfirm ? confirmUrl : undefined, CONFIRM_TEXT), addManage ? manageUrl : undefined, MANAGE_TEXT),
        unsubscribeUrl,
      )
    : await (await renderer())(
        <EmailLayout
          preview={subject}
          headerImageUrl={t.headerImage ? absolute(t.headerImage, siteUrl) : undefined}
          heroTitle={plain(t.heroTitle, vars)}
          greeting={plain(t.greetingText, vars)}
          message={plain(t.messageText, vars)}
          summaryTitle={plain(t.summaryTitle, vars)}
          summary={summary.filter(([, value]) => value)}
          buttons={buttons}
          footerText={plain(t.footerText, vars)}
          venue={{ name: venue.venue_name, address: venue.venue_address, phone: venue.venue_phone, email: venue.venue_email, siteUrl }}
          unsubscribeUrl={unsubscribeUrl}
        />,
      )

  const footer = [
    '',
    '--',
    nameAndAddress({ name: venue.venue_name, address: venue.venue_address }, ', '),
    `${venue.venue_phone} · ${venue.venue_email} · ${siteUrl}`,
    ...(unsubscribeUrl ? ['', `If you agreed to hear about our offers when you booked, stop them here: ${unsubscribeUrl}`] : []),
  ].join('\n')
  const confirmLine = addConfirm ? `\n\n${CONFIRM_TEXT}: ${confirmUrl}` : ''
  const manageLine = addManage ? `\n\n${MANAGE_TEXT}: ${manageUrl}` : ''
  return { subject, html: body, text: `${plain(t.textContent, vars).trim()}${confirmLine}${manageLine}\n${footer}\n` }
}
