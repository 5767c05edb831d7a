import fs from 'node:fs'
import path from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { expect } from './fixtures'
import { serverDataDir } from './db'

/** The test server has no SMTP_URL: it writes each message as an .eml file under its data directory. */
export const mailDir = () => path.join(serverDataDir(), 'mail')

/**
 * The message to an address (its To, not a staff alert that names the guest's
 * address), read from the mail folder once the job queue has written it.
 */
export async function mailTo(address: string, subject?: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(mailDir())) return false
        for (const name of fs.readdirSync(mailDir()).filter((n) => n.endsWith('.eml') && !n.startsWith('.'))) {
          const raw = fs.readFileSync(path.join(mailDir(), name))
          if (!raw.includes(address)) continue
          const mail = await simpleParser(raw)
          const to = [mail.to ?? []].flat().map((a) => a.text.toLowerCase())
          if (!to.some((t) => t.includes(address.toLowerCase()))) continue
          if (!subject || subject.test(mail.subject ?? '')) found = mail
        }
        return found !== undefined
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found!
}
