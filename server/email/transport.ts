import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export type OutgoingMail = {
  from: string
  to: string
  subject: string
  html: string
  text: string
  messageId: string
  headers?: Record<string, string>
  attachments?: { filename: string; content: string; contentType: string }[]
}

/** Sends a message; resolves once the server (or the mail folder) has it, rejects with why not. */
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; describe: string; close(): void }

/**
 * SMTP_URL selects a real SMTP server (`smtp://user:pass@host:587`: STARTTLS
 * when the server offers it, auth from the URL; `smtps://` for TLS from the
 * start). Without it, each message is written as an .eml file under
 * DATA_DIR/mail and logged, so a fresh install works with no mail set up.
 */
export function createMailTransport({ smtpUrl, dataDir, logger }: { smtpUrl: string | undefined; dataDir: string; logger: Logger }): MailTransport {
  if (smtpUrl) {
    const transporter = nodemailer.createTransport(smtpUrl, { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    const host = new URL(smtpUrl).host
    return {
      describe: `SMTP ${host}`,
      async send(mail) {
        await transporter.sendMail(mail)
      },
      close: () => transporter.close(),
    }
  }
  const folder = path.join(dataDir, 'mail')
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    describe: `files in ${folder}`,
    async send(mail) {
      const { message } = (await writer.sendMail(mail)) as { message: Buffer }
      await fs.mkdir(folder, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`
      // Written whole, then renamed: a reader never sees half a message.
      await fs.writeFile(path.join(folder, `.${name}`), message)
      await fs.rename(path.join(folder, `.${name}`), path.join(folder, name))
      logger.info({ to: mail.to, subject: mail.subject, file: name }, 'Mail written to the mail folder (no SMTP_URL)')
    },
    close: () => writer.close(),
  }
}
