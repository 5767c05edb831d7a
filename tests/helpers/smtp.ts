import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import type { MailTransport, OutgoingMail } from '../../server/email/transport'
import { afterFile } from './after-file'

export type Received = ParsedMail & { envelopeTo: string[]; acceptedAt: number }

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it
 * is sent. It can be stopped and started again on the same port, as a mail
 * server that goes down and comes back.
 */
export async function startSmtpServer() {
  const received: Received[] = []
  // Recipients the server turns away for now (550 at RCPT TO), as a mailbox that does not exist.
  const refused = new Set<string>()
  let port = 0
  let server: SMTPServer | undefined

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Stopped, it goes down as a mail server does, telling any client still connected 421 within 50 ms. By default
        // smtp-server waits 30 s for them to leave: one connection open at the moment of stopping (a message of an
        // earlier test on its way, on a busy machine) took the whole of a test's 30 s (email.test.ts, a CI run).
        closeTimeout: 50,
        onRcptTo(address, _session, callback) {
          if (!refused.has(address.address)) return callback()
          callback(Object.assign(new Error(`No mailbox here for ${address.address}`), { responseCode: 550 }))
        },
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address), acceptedAt: Date.now() }))
              callback()
            })
            .catch(callback)
        },
      })
      server.on('error', () => {})
      server.listen(port, '127.0.0.1', () => {
        port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port
        resolve()
      })
      ;(server as unknown as { server: { once(e: string, f: (err: Error) => void): void } }).server.once('error', reject)
    })
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))

  await listen()
  afterFile(close)
  return {
    received,
    refused,
    get url() {
      return `smtp://127.0.0.1:${port}`
    },
    /** Stops accepting mail: connections are refused until `start`. */
    stop: close,
    start: listen,
    /** Waits until `count` messages have arrived (or fails after `ms`). */
    async waitFor(count: number, ms = 15_000) {
      const until = Date.now() + ms
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`Expected ${count} messages, got ${received.length}`)
        await new Promise((r) => setTimeout(r, 25))
      }
      return received
    },
  }
}

/**
 * A mail server that took the message and never answered: the instance's
 * sends hang until `release`, which fails them (the connection reset); the
 * server answers every send after that at once.
 */
export function hangingTransport() {
  const started: OutgoingMail[] = []
  const hanging: ((error: Error) => void)[] = []
  let holding = true
  const transport: MailTransport = {
    describe: 'a mail server that never answers',
    send: (mail) => {
      started.push(mail)
      if (!holding) return Promise.resolve()
      return new Promise<void>((_resolve, reject) => hanging.push(reject))
    },
    close: () => undefined,
  }
  const release = () => {
    holding = false
    for (const fail of hanging.splice(0)) fail(new Error('The connection was reset'))
  }
  return { transport, started, release }
}
