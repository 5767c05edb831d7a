import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import Mustache from 'mustache'
import type pg from 'pg'
import { EMAIL_TEMPLATE_KEYS, isKnownTemplateKey, PASSWORD_LINK_TEMPLATE_KEYS, SAMPLE_VARIABLES, type EmailTemplateKey } from '#common/email'
import type { EmailTemplateInput, OutboxEntry } from '#common/email-schema'
import { zonedInstant } from '#common/availability'
import { emailKeyOf, UNSUBSCRIBE_WORDING } from '#common/guests'
import { withoutTrailingSlashes } from '#common/url'
import { emailOutbox, emailTemplates, marketingConsents, type EmailOutboxRow, type EmailTemplate, type EventEnquiry } from '../db/schema'
import { passwordLinkUrl, type PasswordLinkData } from '../auth/password-links'
import type { Deps } from '../deps'
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors'
import type { ReservationEvents } from '../reservations/reservation-events'
import type { SettingsService } from '../settings/settings-service'
import { manageLinkFor } from '../reservations/manage-link'
import { confirmLinkFor } from '../reservations/confirm-link'
import { signToken, verifyToken } from '../signed-tokens'
import { claimLinkFor, leaveLinkFor } from '../waitlist/waitlist-links'
import { defaultTemplate } from './default-templates'
import { bookingCalendarFile } from '../reservations/ics'
import { bookingMessages, enqueueMessagesQuery, enquiryMessages, guestChangeMessages, SEND_ATTEMPTS, SEND_TASK, type MessageData, type OutboxMessage } from './outbox'
import { greetingName, RECIPIENT_LIMIT_REASON, staffAlertDecision, withinRecipientLimit } from './inbox-limits'
import { renderMessage } from './render'
import { templateProblems } from './template-check'
import type { MailTransport } from './transport'
import { isUniqueViolation } from '../db/errors'
import { audit, changedFields, type Actor } from '../audit/audit'
import { staleVersion } from '../audit/versions'
import { clientKeyOf } from '../rate-limits/challenge'

const UNSUBSCRIBE = 'unsubscribe'
/** How long a link to stop offers works. */
const UNSUBSCRIBE_DAYS = 400

export class PreviewError extends Error {}

/** What sending one outbox message came to; `deferUntil`: not yet, queue it again for then. */
export type SendOutcome = 'sent' | 'skipped' | 'done' | { deferUntil: Date }

/** A template that could not be filled in, or would leave blanks, is refused with each field's problem. */
function refuseUnfillable(input: EmailTemplateInput) {
  const problems = templateProblems(input)
  const first = Object.values(problems)[0]
  if (first) throw new ValidationError(first, problems)
}

/**
 * Email (DESIGN.md section 4): the templates staff edit, the messages the
 * app's changes write to the outbox in their own transactions, sending one
 * message from the outbox (the job queue calls this), the delivery log, and
 * the links guests use to stop offers.
 */
export function createEmailService(
  { db, clock, config, logger }: Pick<Deps, 'db' | 'clock' | 'config' | 'logger'>,
  { settings, reservationEvents }: { settings: SettingsService; reservationEvents: ReservationEvents },
) {
  const log = logger.child({ component: 'email' })

  async function bookingContext() {
    const [values, rules, venue] = await Promise.all([settings.getMany(['venue_notification_email']), settings.booking(), settings.venue()])
    // Staff alerts go to the Alerts email, or to the venue's own address when that is empty.
    const notify = values.venue_notification_email?.trim() || venue.venue_email.trim()
    return { notify, durationMinutes: rules.durationMinutes, venueName: venue.venue_name }
  }

  /** Marks messages staff caused, which the per-address hourly limit does not count (inbox-limits.ts). */
  const byStaffIf = (staff: boolean, messages: OutboxMessage[]) => (staff ? messages.map((m) => ({ ...m, data: { ...m.data, byStaff: true } })) : messages)

  /** The statements that write these messages and queue them, for the transaction that causes them. */
  const enqueue = (messages: OutboxMessage[]) => (messages.length ? [enqueueMessagesQuery(messages)] : [])

  // The booking events' messages commit with the change that causes them.
  reservationEvents.inTransaction('reservation.created', async (payloads) => {
    const context = await bookingContext()
    return enqueue(payloads.flatMap(({ reservation, by }) => byStaffIf(by === 'staff', bookingMessages('created', reservation, context))))
  })
  reservationEvents.inTransaction('reservation.approved', async (payloads) => {
    const context = await bookingContext()
    return enqueue(payloads.flatMap(({ reservation }) => byStaffIf(true, bookingMessages('approved', reservation, context))))
  })
  reservationEvents.inTransaction('reservation.cancelled', async (payloads) => {
    const context = await bookingContext()
    return enqueue(
      payloads.flatMap(({ reservation, by }) => [
        ...byStaffIf(by === 'staff', bookingMessages('cancelled', reservation, context)),
        // Staff hear of a guest's own cancellation; their own they know of.
        ...(by === 'guest' ? guestChangeMessages('cancelled', reservation, reservation, context) : []),
      ]),
    )
  })
  // A guest's own move: the new details to them, and an alert to staff. (Staff edits send nothing: they tell the guest themselves.)
  reservationEvents.inTransaction('reservation.changed', async (payloads) => {
    const guestChanges = payloads.filter((p) => p.by === 'guest')
    if (guestChanges.length === 0) return []
    const context = await bookingContext()
    return enqueue(guestChanges.flatMap(({ reservation, previous }) => guestChangeMessages('changed', reservation, previous, context)))
  })

  function unsubscribeUrl(siteUrl: string, email: string): string {
    const expires = new Date(clock.now().getTime() + UNSUBSCRIBE_DAYS * 86_400_000)
    const token = signToken(config.sessionSecret, UNSUBSCRIBE, { e: email.toLowerCase() }, expires)
    return `${withoutTrailingSlashes(siteUrl)}/unsubscribe?token=${token}`
  }

  /** A password link's address, made from its row (the outbox keeps only the row's id: see password-links.ts). */
  function passwordUrlOf(data: MessageData, siteUrl: string): string | undefined {
    const link = (data as Partial<PasswordLinkData>).passwordLink
    return link ? passwordLinkUrl(config, siteUrl, link.id, new Date(link.expiresAt)) : undefined
  }

  /** A waitlist message's links (issue 35), made when it is sent: the database never holds a usable one. */
  function waitlistUrlsOf(data: MessageData, siteUrl: string): Record<string, string> {
    const w = data.waitlist
    if (!w) return {}
    const leaveUrl = leaveLinkFor(config, siteUrl, w.entryId, w.date)
    return w.offer ? { leaveUrl, claimUrl: claimLinkFor(config, siteUrl, { w: w.entryId, n: w.offer.n }, new Date(w.offer.expiresAt)) } : { leaveUrl }
  }

  async function render(template: EmailTemplate, data: MessageData, to: string) {
    const venue = await settings.venue()
    const passwordUrl = passwordUrlOf(data, venue.site_url)
    const withLinks = { ...data.variables, ...waitlistUrlsOf(data, venue.site_url) }
    const variables = passwordUrl ? { ...withLinks, passwordUrl } : withLinks
    const message = await renderMessage({
      template,
      // A guest is greeted by the letters of their name only: the name field cannot carry a link into their inbox.
      variables: data.guest && variables.customerName !== undefined ? { ...variables, customerName: greetingName(variables.customerName) } : variables,
      summary: data.summary,
      venue,
      unsubscribeUrl: data.guest ? unsubscribeUrl(venue.site_url, to) : undefined,
      manageUrl: data.manage ? manageLinkFor(config, venue.site_url, data.manage.reservationId, data.manage.date) : undefined,
      confirmUrl: data.confirm ? confirmLinkFor(config, venue.site_url, data.confirm.reservationId, data.confirm.date) : undefined,
    })
    return { message, passwordUrl }
  }

  /** What the delivery log keeps of a message: a password link is left out, so the database never holds a usable one. */
  function kept(message: { subject: string; html: string; text: string }, passwordUrl: string | undefined) {
    if (!passwordUrl) return message
    const without = (text: string) => text.split(passwordUrl).join('[the link, not kept]')
    return { subject: without(message.subject), html: without(message.html.split(Mustache.escape(passwordUrl)).join('[the link, not kept]')), text: without(message.text) }
  }

  async function templateByKey(key: string): Promise<EmailTemplate | undefined> {
    const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.templateKey, key)).limit(1)
    return row
  }

  async function record(id: number, fields: Partial<typeof emailOutbox.$inferInsert>) {
    await db.update(emailOutbox).set(fields).where(eq(emailOutbox.id, id))
  }

  return {
    enqueue,
    unsubscribeUrl,

    /** The statements that write a new enquiry's messages and queue them, for the enquiry's own transaction. */
    async enquiryStatements(enquiry: EventEnquiry): Promise<pg.QueryConfig[]> {
      const { notify } = await bookingContext()
      return enqueue(enquiryMessages(enquiry, notify))
    },

    /**
     * Sends one outbox message (the job queue's task): renders its template,
     * hands it to the transport and records what happened. A message already
     * sent is not sent again; an inactive template sends nothing (logged). A
     * failure is recorded and thrown, so the queue tries again later.
     */
    async send(
      outboxId: number,
      transport: MailTransport,
      attempt: { number: number; of: number },
      { staffAlertWaitMs }: { staffAlertWaitMs?: number } = {},
    ): Promise<SendOutcome> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1)
      if (!row || row.status === 'sent' || row.status === 'skipped') return 'done'
      const template = await templateByKey(row.templateKey)
      if (!template || !template.isActive) {
        const reason = template ? `The ${row.templateKey} template is inactive` : `There is no ${row.templateKey} template`
        log.info({ outboxId, templateKey: row.templateKey }, `${reason}: nothing sent`)
        await record(outboxId, { status: 'skipped', lastError: reason })
        return 'skipped'
      }
      // The limits against flooding an inbox (inbox-limits.ts): a staff alert waits for more changes to the
      // same booking, and a guest's address gets at most a few messages an hour.
      const alert = await staffAlertDecision(db, row, staffAlertWaitMs)
      if (!alert.send && 'until' in alert) return { deferUntil: alert.until }
      const withinLimit = alert.send && (await withinRecipientLimit(db, row, clock.now()))
      if (!withinLimit) {
        const reason = alert.send ? RECIPIENT_LIMIT_REASON : alert.reason
        log.warn({ outboxId, templateKey: row.templateKey, to: row.toAddress }, reason)
        await record(outboxId, { status: 'skipped', lastError: reason })
        return 'skipped'
      }
      const data = alert.change ? { ...(row.data as MessageData), variables: { ...(row.data as MessageData).variables, change: alert.change } } : (row.data as MessageData)
      const venue = await settings.venue()
      try {
        const { message, passwordUrl } = await render(template, data, row.toAddress)
        await record(outboxId, kept(message, passwordUrl))
        const from = config.mailFrom ?? `${venue.venue_name} <${venue.venue_email}>`
        const attachments = data.calendar ? [calendarAttachment(row, data.calendar, venue)] : []
        await transport.send({
          from,
          to: row.toAddress,
          subject: message.subject,
          html: message.html,
          text: message.text,
          // A stable id: a message the queue had to send again is seen as the same one.
          messageId: `<${row.messageKey.replace(/[^\w.:-]/g, '-')}@${new URL(venue.site_url).hostname}>`,
          headers: data.guest ? { 'List-Unsubscribe': `<${unsubscribeUrl(venue.site_url, row.toAddress)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
          attachments,
        })
        await record(outboxId, { status: 'sent', sentAt: clock.now(), attempts: attempt.number, lastError: null })
        log.info({ outboxId, templateKey: row.templateKey, to: row.toAddress }, 'Mail sent')
        return 'sent'
      } catch (error) {
        const final = attempt.number >= attempt.of
        // Only over a message still waiting: a worker thought dead, whose job another instance has sent meanwhile
        // (instances.ts), must not mark it unsent.
        await db
          .update(emailOutbox)
          .set({ status: final ? 'failed' : 'pending', attempts: attempt.number, lastError: errorText(error) })
          .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'pending')))
        log.warn({ outboxId, attempt: attempt.number, of: attempt.of, err: errorText(error) }, final ? 'Mail failed for good' : 'Mail failed: will try again')
        throw error
      }
    },

    /** The delivery log: the latest messages, newest first. */
    async log(limit: number, status?: string): Promise<OutboxEntry[]> {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(status ? eq(emailOutbox.status, status) : undefined)
        .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
        .limit(limit)
      return rows.map(outboxEntry)
    },

    /** Tries a failed (or skipped) message again, from the first attempt. */
    async resend(actor: Actor, id: number): Promise<OutboxEntry> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailOutbox)
          // Sent again by staff: not held back by the guest's hourly limit a second time.
          .set({ status: 'pending', attempts: 0, lastError: null, data: sql`(${emailOutbox.data}::jsonb || '{"byStaff": true}')::json` })
          .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['failed', 'skipped'])))
          .returning()
        if (!row) {
          const [exists] = await tx.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id))
          if (!exists) throw new NotFoundError('Message not found')
          throw new ConflictError(`This message is ${exists.status}: only a failed or skipped message can be sent again.`)
        }
        await tx.execute(sql`select graphile_worker.add_job(${SEND_TASK}, json_build_object('outboxId', ${id}::int), job_key := ${`outbox:${id}`}, max_attempts := ${SEND_ATTEMPTS})`)
        await audit(tx, actor, { action: 'resend', entityType: 'email_outbox', entityId: id, summary: `sent the ${row.templateKey} email to ${row.toAddress} again` })
        return outboxEntry(row)
      })
    },

    templates: {
      list: () => db.select().from(emailTemplates).orderBy(emailTemplates.templateKey),

      async create(actor: Actor, input: EmailTemplateInput): Promise<EmailTemplate> {
        refuseUnfillable(input)
        try {
          return await db.transaction(async (tx) => {
            const [row] = await tx.insert(emailTemplates).values(input).returning()
            await audit(tx, actor, { action: 'create', entityType: 'email_template', entityId: row!.id, summary: `created the email template ${row!.name}`, after: changedFields(null, row, ['id']).after })
            return row!
          })
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(`There is already a template with the key ${input.templateKey}.`)
          throw error
        }
      },

      /** Saves a template still at the version staff read (else 409 with it as it is now). */
      async update(actor: Actor, id: number, version: number, input: EmailTemplateInput): Promise<EmailTemplate> {
        refuseUnfillable(input)
        try {
          return await db.transaction(async (tx) => {
            const [before] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update')
            if (!before) throw new NotFoundError('Email template not found')
            const [row] = await tx
              .update(emailTemplates)
              .set({ ...input, updatedAt: clock.now() })
              .where(and(eq(emailTemplates.id, id), eq(emailTemplates.version, version)))
              .returning()
            if (!row) throw await staleVersion(tx, { entityType: 'email_template', entityId: id, current: before, timeZone: config.venueTimezone })
            await audit(tx, actor, { action: 'update', entityType: 'email_template', entityId: id, summary: `changed the email template ${row.name}`, ...changedFields(before, row) })
            return row
          })
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError(`There is already a template with the key ${input.templateKey}.`)
          throw error
        }
      },

      async remove(actor: Actor, id: number): Promise<void> {
        await db.transaction(async (tx) => {
          const [row] = await tx.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning()
          if (!row) throw new NotFoundError('Email template not found')
          await audit(tx, actor, { action: 'delete', entityType: 'email_template', entityId: id, summary: `deleted the email template ${row.name}`, before: changedFields(row, null, ['id']).before })
        })
      },

      /** Quick Setup: creates the templates that are missing, with their default wording. Returns the keys created. */
      async createMissing(actor: Actor): Promise<EmailTemplateKey[]> {
        return db.transaction(async (tx) => {
          const rows = await tx
            .insert(emailTemplates)
            .values(EMAIL_TEMPLATE_KEYS.map(defaultTemplate))
            .onConflictDoNothing({ target: emailTemplates.templateKey })
            .returning({ key: emailTemplates.templateKey })
          const keys = rows.map((r) => r.key as EmailTemplateKey)
          // Staff pressed the button: the log says so even when nothing was missing.
          await audit(tx, actor, {
            action: 'create',
            entityType: 'email_template',
            summary: keys.length ? `ran Quick Setup, which created the email templates ${keys.join(', ')}` : 'ran Quick Setup: no email template was missing',
            after: keys.length ? { templateKeys: keys } : null,
          })
          return keys
        })
      },

      /** The template's HTML part filled with sample data, for the preview dialog. */
      async preview(id: number): Promise<string> {
        const [template] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).limit(1)
        if (!template) throw new NotFoundError('Email template not found')
        const staff = template.templateKey.startsWith('staff_')
        const v = SAMPLE_VARIABLES
        const enquiry = template.templateKey.includes('enquiry')
        const summary: [string, string][] = (PASSWORD_LINK_TEMPLATE_KEYS as readonly string[]).includes(template.templateKey)
          ? []
          : enquiry
            ? [['Event', v.eventTitle!], ['Date', v.eventDate!], ['Time', v.eventTime!], ['Guests', v.partySize!], ['Special requests', v.specialRequests!]]
            : [['Date', v.date!], ['Time', v.time!], ['Guests', v.partySize!], ['Preference', v.preference!], ['Special requests', v.specialRequests!]]
        try {
          return (await render(template, { variables: SAMPLE_VARIABLES, summary, guest: !staff }, v.customerEmail!)).message.html
        } catch (error) {
          throw new PreviewError(errorText(error))
        }
      },
    },

    /** A guest's link to stop offers: the address it is for, or why not. */
    readUnsubscribeToken(token: string) {
      return verifyToken<{ e: string }>(config.sessionSecret, UNSUBSCRIBE, token, clock.now())
    },

    /** Records that an address wants no more offers (the marketing list leaves it out from now on). */
    /** Stops offers to `email`, and records the withdrawal with a keyed hash of the address it came from (issue 37). */
    async unsubscribe(email: string, address?: string): Promise<void> {
      const addressHash = address ? clientKeyOf(config.sessionSecret, address) : null
      await db.transaction(async (tx) => {
        await tx
          .update(marketingConsents)
          .set({ unsubscribedAt: clock.now() })
          .where(and(sql`lower(${marketingConsents.email}) = ${email.toLowerCase()}`, sql`${marketingConsents.unsubscribedAt} is null`))
        // The consent record (issue 37): a withdrawal, unless the guest's latest row already is one (a second click).
        await tx.execute(sql`insert into consent_records (guest_id, action, place, wording, address_hash, at)
          select g.id, 'withdrawn', 'unsubscribe_link', ${UNSUBSCRIBE_WORDING}, ${addressHash}, ${clock.now()}
          from guests g where g.email_key = ${emailKeyOf(email)}
            and coalesce((select c.action from consent_records c where c.guest_id = g.id order by c.id desc limit 1), 'none') <> 'withdrawn'`)
      })
    },

    isKnownTemplateKey,
  }

  function calendarAttachment(row: EmailOutboxRow, c: NonNullable<MessageData['calendar']>, venue: { venue_address: string; venue_phone: string; site_url: string }) {
    const start = zonedInstant(c.date, c.startTime, config.venueTimezone) ?? new Date(`${c.date}T${c.startTime}:00Z`)
    return {
      filename: 'booking.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: bookingCalendarFile({
        key: row.messageKey.split(':').slice(0, 2).join('-'),
        start,
        minutes: c.minutes,
        summary: c.title,
        venue,
        stamp: clock.now(),
      }),
    }
  }
}
export type EmailService = ReturnType<typeof createEmailService>

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.slice(0, 500)
}

function outboxEntry(r: EmailOutboxRow): OutboxEntry {
  return {
    id: r.id,
    toAddress: r.toAddress,
    templateKey: r.templateKey,
    subject: r.subject,
    status: r.status as OutboxEntry['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: new Date(r.createdAt).toISOString(),
    sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
  }
}
