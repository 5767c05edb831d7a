/**
 * Email Templates' saves (SPEC.md sections 2 and 8): a template that could not
 * be filled in, or names a variable its email does not fill, is refused when
 * it is saved, field by field, and nothing is stored; sound ones are kept.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TEMPLATE_KEYS } from '#common/email'
import { emailTemplates } from '../../server/db/schema'
import { defaultTemplate } from '../../server/email/default-templates'
import { renderMessage } from '../../server/email/render'
import { MAX_SECTION_DEPTH, templateProblems } from '../../server/email/template-check'
import { createTestApp, signedInAgent, type TestApp } from '../helpers/app'

let t: TestApp
let staff: Awaited<ReturnType<typeof signedInAgent>>
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  staff = await signedInAgent(t)
})

/** The stored booking_confirmed template, as the form sends it back. */
async function confirmedTemplate() {
  const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'booking_confirmed'))
  const { id, createdAt: _c, updatedAt: _u, ...fields } = row!
  return { id, fields }
}

describe('saving an email template', () => {
  it('refuses a {{ never closed, naming the field, and keeps the template as it was', async () => {
    const { id, fields } = await confirmedTemplate()
    const res = await staff
      .put(`/api/admin/email-templates/${id}`)
      .send({ ...fields, textContent: 'See you at {{time}} {{ broken' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      textContent: 'Text content: a {{ has no }} to close it: write a variable as {{customerName}}',
    })
    expect(res.body.message).toBe(res.body.errors.textContent)
    expect((await confirmedTemplate()).fields.textContent).toBe(fields.textContent)
  })

  it('refuses a variable the email does not fill in, and a section never ended', async () => {
    const { id, fields } = await confirmedTemplate()
    const res = await staff
      .put(`/api/admin/email-templates/${id}`)
      .send({
        ...fields,
        subject: 'Hello {{custmerName}}',
        messageText: '{{#manageUrl}}Change it here{{/manageUrl}}',
        footerText: '{{#specialRequests}}You asked for it',
      })
    expect(res.status).toBe(400)
    expect(res.body.errors.subject).toMatch(
      /^Subject: \{\{custmerName\}\} is not filled in for this email\. Use \{\{customerName\}\}, /,
    )
    expect(res.body.errors.footerText).toBe('Footer: {{#specialRequests}} has no {{/specialRequests}} to end it')
    expect(res.body.errors.messageText).toBeUndefined()
  })

  it('keeps a sound template, sections and all', async () => {
    const { id, fields } = await confirmedTemplate()
    const textContent =
      'Dear {{customerName}}, see you at {{time}}.{{#specialRequests}} You asked: {{specialRequests}}.{{/specialRequests}}'
    const res = await staff.put(`/api/admin/email-templates/${id}`).send({ ...fields, textContent })
    expect(res.status).toBe(200)
    expect((await confirmedTemplate()).fields.textContent).toBe(textContent)
  })

  it('refuses an unclosed tag in a new template too, and stores nothing', async () => {
    const res = await staff
      .post('/api/admin/email-templates')
      .send({ templateKey: 'winter_news', name: 'Winter news', subject: 'News', textContent: 'Hello {{customerName' })
    expect(res.status).toBe(400)
    expect(res.body.errors.textContent).toMatch(/^Text content: a \{\{ has no \}\}/)
    expect(await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'winter_news'))).toEqual([])
  })

  it("refuses {{{triple}}} and {{&ampersand}} tags, which would put a guest's text in as HTML, and stores nothing", async () => {
    const { id, fields } = await confirmedTemplate()
    const res = await staff
      .put(`/api/admin/email-templates/${id}`)
      .send({ ...fields, htmlContent: '<p>Dear {{{customerName}}}</p>', messageText: 'You asked: {{& specialRequests}}' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      htmlContent: "HTML code: {{{customerName}}} would put a guest's text into the email unescaped. Write the variable with two braces, such as {{customerName}}.",
      messageText: "Message: {{& specialRequests}} would put a guest's text into the email unescaped. Write the variable with two braces, such as {{customerName}}.",
    })
    expect((await confirmedTemplate()).fields).toEqual(fields)
  })

  it('answers 400, not 500, to sections nested thousands deep, and stores nothing', async () => {
    const { id, fields } = await confirmedTemplate()
    const deep = (n: number) => `${'{{#date}}'.repeat(n)}x${'{{/date}}'.repeat(n)}`
    const res = await staff.put(`/api/admin/email-templates/${id}`).send({ ...fields, htmlContent: deep(3000) })
    expect(res.status).toBe(400)
    expect(res.body.errors.htmlContent).toBe(`HTML code: sections are nested more than ${MAX_SECTION_DEPTH} deep ({{#…}} inside {{#…}})`)
    expect((await confirmedTemplate()).fields).toEqual(fields)
    // A few levels are fine.
    expect(templateProblems({ templateKey: 'booking_confirmed', htmlContent: deep(MAX_SECTION_DEPTH) })).toEqual({})
  })

  it("sends a guest's text escaped even from a template stored with a {{{triple}}} tag before they were refused", async () => {
    const [template] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'booking_confirmed'))
    const hostile = '<img src=x onerror=alert(1)><a href="https://evil.example">Pay here</a>'
    const message = await renderMessage({
      template: { ...template!, htmlContent: '<p>Dear {{{customerName}}}, {{&specialRequests}} {{customerName}}</p>' },
      variables: { customerName: hostile, specialRequests: hostile },
      summary: [],
      venue: await t.services.settings.venue(),
    })
    expect(message.html).not.toContain('<img')
    expect(message.html).not.toContain('<a href="https://evil.example"')
    expect(message.html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;')
    // The plain-text part is text: the name as typed.
    expect(message.text).not.toContain('&lt;')
  })

  it('answers 409 to a second template with a key already used, on create and on save, and changes nothing', async () => {
    const { fields } = await confirmedTemplate()
    const created = await staff.post('/api/admin/email-templates').send({ ...fields, name: 'A copy' })
    expect(created.status).toBe(409)
    expect(created.body.message).toBe('There is already a template with the key booking_confirmed.')
    // Another template that fills the same variables (booking_pending's also places {{confirmUrl}}, which a confirmation has not).
    const [approved] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'booking_approved'))
    const { id, createdAt: _c, updatedAt: _u, ...approvedFields } = approved!
    const saved = await staff.put(`/api/admin/email-templates/${id}`).send({ ...approvedFields, templateKey: 'booking_confirmed' })
    expect(saved.status).toBe(409)
    expect(await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'booking_confirmed'))).toHaveLength(1)
    expect((await t.db.select().from(emailTemplates).where(eq(emailTemplates.id, id)))[0]!.templateKey).toBe('booking_approved')
  })

  it('deletes a template (204), then answers 404 for it; Quick Setup brings back what is missing, with its wording, once', async () => {
    const keys = ['review_request', 'staff_new_enquiry']
    for (const key of keys) {
      const [row] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, key))
      await staff.delete(`/api/admin/email-templates/${row!.id}`).expect(204)
      await staff.delete(`/api/admin/email-templates/${row!.id}`).expect(404)
    }
    const listed = (await staff.get('/api/admin/email-templates').expect(200)).body as { templateKey: string }[]
    expect(listed.map((r) => r.templateKey)).not.toContain('review_request')
    const setup = await staff.post('/api/admin/email-templates/quick-setup').expect(200)
    expect(setup.body.created.sort()).toEqual(keys)
    const [back] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, 'review_request'))
    expect(back!.subject).toBe(defaultTemplate('review_request').subject)
    expect((await staff.post('/api/admin/email-templates/quick-setup').expect(200)).body).toEqual({ created: [] })
    expect((await staff.get('/api/admin/email-templates').expect(200)).body).toHaveLength(EMAIL_TEMPLATE_KEYS.length)
  })

  it('finds nothing wrong with any of the templates the app starts with', () => {
    for (const key of EMAIL_TEMPLATE_KEYS) expect(templateProblems(defaultTemplate(key)), key).toEqual({})
  })
})
