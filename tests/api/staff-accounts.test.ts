/**
 * Staff accounts, roles, passwords, the second factor, sessions and password
 * links (issue 33), over HTTP against a real PostgreSQL.
 */
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { FORBIDDEN_MESSAGE } from '#common/permissions'
import { STAFF_MESSAGES } from '#common/staff-schema'
import { MAX_SESSIONS_PER_USER } from '../../server/auth/account-service'
import { passwordLinkUrl } from '../../server/auth/password-links'
import { totpCode } from '../../server/auth/totp'
import { createTestApp, signedInAgent, signedInAs, STAFF, type TestApp } from '../helpers/app'

let t: TestApp
let owner: Awaited<ReturnType<typeof signedInAgent>>

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' })
  owner = await signedInAgent(t)
})

const auditRows = async (action: string) =>
  (await t.db.$client.query<{ username: string; summary: string; entity_id: string }>('select username, summary, entity_id from audit_log where action = $1 order by id', [action])).rows
const login = (username: string, password: string, extra: object = {}) =>
  request(t.app).post('/api/login').set('X-Forwarded-For', `198.51.100.${Math.floor(Math.random() * 200)}`).send({ username, password, ...extra })

describe('roles', () => {
  it('makes accounts made before roles existed, and ADMIN_USERNAME’s, owners', async () => {
    expect((await owner.get('/api/user').expect(200)).body).toMatchObject({ username: STAFF.username, role: 'owner', totpEnabled: false })
  })

  it('answers 403 with the message to a role without the permission, and changes nothing', async () => {
    const staff = await signedInAs(t, 'staff')
    const before = (await owner.get('/api/admin/email-templates').expect(200)).body
    const res = await staff.delete(`/api/admin/email-templates/${before[0].id}`)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: FORBIDDEN_MESSAGE })
    expect((await owner.get('/api/admin/email-templates').expect(200)).body).toEqual(before)
    await staff.get('/api/admin/marketing-emails').expect(403)
    await staff.get('/api/admin/users').expect(403)
    await staff.get('/api/admin/audit-log').expect(403)
    await staff.get('/api/admin/reservations').expect(200)
  })

  it('applies a role change on the next request', async () => {
    const member = await signedInAs(t, 'staff', 'promoted')
    await member.get('/api/admin/marketing-emails').expect(403)
    const { users } = (await owner.get('/api/admin/users').expect(200)).body
    const id = users.find((u: { username: string }) => u.username === 'promoted').id
    await owner.patch(`/api/admin/users/${id}`).send({ role: 'manager' }).expect(200)
    await member.get('/api/admin/marketing-emails').expect(200)
    expect((await member.get('/api/user').expect(200)).body.role).toBe('manager')
    const [row] = (await auditRows('role_change')).slice(-1)
    expect(row).toMatchObject({ username: STAFF.username, summary: "changed promoted's role from staff to manager", entity_id: String(id) })
  })

  it('refuses a deactivated user’s open session on its next request, and their sign-in', async () => {
    const member = await signedInAs(t, 'staff', 'leaver')
    await member.get('/api/admin/reservations').expect(200)
    const { users } = (await owner.get('/api/admin/users').expect(200)).body
    const id = users.find((u: { username: string }) => u.username === 'leaver').id
    // Deactivation ends the sessions; this one is put back as a copy taken before, as if the delete had missed it.
    const kept = (await t.db.$client.query('select sid, sess, expire from session where user_id = $1', [id])).rows
    await owner.patch(`/api/admin/users/${id}`).send({ active: false }).expect(200)
    expect((await t.db.$client.query('select 1 from session where user_id = $1', [id])).rowCount).toBe(0)
    for (const s of kept) await t.db.$client.query('insert into session (sid, sess, expire) values ($1, $2, $3)', [s.sid, s.sess, s.expire])
    const refused = await member.get('/api/admin/reservations')
    expect(refused.status).toBe(401)
    await member.get('/api/user').expect(401)
    await login('leaver', 'leaver-password-42').expect(401)
  })

  it('keeps at least one active owner: demoting or deactivating the last one is 409 with the reason', async () => {
    const me = (await owner.get('/api/user').expect(200)).body
    const res = await owner.patch(`/api/admin/users/${me.id}`).send({ role: 'manager' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(STAFF_MESSAGES.lastOwner)
    expect((await owner.get('/api/user').expect(200)).body.role).toBe('owner')
  })

  it('a change that fails leaves no audit row: the row is written by its transaction', async () => {
    await owner.post('/api/admin/users').send({ username: 'taken-address', role: 'staff', email: 'taken@example.com', password: 'taken-address-password' }).expect(201)
    const { users } = (await owner.get('/api/admin/users').expect(200)).body
    const id = users.find((u: { username: string }) => u.username === 'promoted').id
    const rows = async () => (await t.db.$client.query('select count(*)::int as n from audit_log where entity_id = $1', [String(id)])).rows[0].n
    const before = await rows()
    const res = await owner.patch(`/api/admin/users/${id}`).send({ role: 'staff', email: 'TAKEN@example.com'.toLowerCase() })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(STAFF_MESSAGES.emailTaken)
    expect(await rows()).toBe(before)
    expect((await owner.get('/api/admin/users').expect(200)).body.users.find((u: { id: number }) => u.id === id).role).toBe('manager')
  })

  it('two owners demoting each other at once leave one owner', async () => {
    const a = await signedInAs(t, 'owner', 'owner-a')
    const b = await signedInAs(t, 'owner', 'owner-b')
    const { users } = (await owner.get('/api/admin/users').expect(200)).body
    const idOf = (name: string) => users.find((u: { username: string }) => u.username === name).id
    // The test's own owner steps down first, so owner-a and owner-b are the last two.
    const main = (await owner.get('/api/user').expect(200)).body.id
    try {
      await a.patch(`/api/admin/users/${main}`).send({ role: 'manager' }).expect(200)
      const answers = await Promise.all([
        a.patch(`/api/admin/users/${idOf('owner-b')}`).send({ role: 'staff' }),
        b.patch(`/api/admin/users/${idOf('owner-a')}`).send({ role: 'staff' }),
      ])
      // The second is refused: 409 (the last owner) when both pass the guard before either commits, or
      // 403 when the first has already committed and its colleague is no longer an owner. Neither changes anything.
      const [won, lost] = answers.map((r) => r.status).sort()
      expect(won).toBe(200)
      expect([403, 409]).toContain(lost)
      const owners = (await t.db.$client.query("select count(*)::int as n from users where role = 'owner' and active")).rows[0].n
      expect(owners).toBe(1)
    } finally {
      // Put the test's owner back for the tests after, whatever happened.
      await t.db.$client.query("update users set role = 'owner' where id = $1", [main])
    }
  })
})

describe('passwords', () => {
  it('refuses a password under 12 characters or among the 10,000 most common', async () => {
    const short = await owner.post('/api/admin/users').send({ username: 'shorty', role: 'staff', password: 'abc123xyz' })
    expect(short.status).toBe(400)
    expect(short.body.errors.password).toBe(STAFF_MESSAGES.passwordTooShort)
    const common = await owner.post('/api/admin/users').send({ username: 'commoner', role: 'staff', password: '1qaz2wsx3edc' })
    expect(common.status).toBe(400)
    expect(common.body.message).toBe(STAFF_MESSAGES.passwordCommon)
    await owner.post('/api/admin/users').send({ username: 'commoner', role: 'staff', password: 'a-less-common-phrase' }).expect(201)
    await login('commoner', 'a-less-common-phrase').expect(200)
  })

  it('changes a signed-in user’s own password with the current one, and signs out their other sessions', async () => {
    const first = await signedInAs(t, 'staff', 'changer')
    const second = await signedInAs(t, 'staff', 'changer')
    const wrong = await first.post('/api/admin/me/password').send({ currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-password' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(STAFF_MESSAGES.currentPasswordWrong)
    await first.post('/api/admin/me/password').send({ currentPassword: 'changer-password-42', newPassword: 'a-brand-new-password' }).expect(200)
    await first.get('/api/admin/reservations').expect(200)
    await second.get('/api/admin/reservations').expect(401)
    await login('changer', 'a-brand-new-password').expect(200)
  })
})

describe('two-factor authentication', () => {
  it('enrols with a code, then asks for one at sign-in, accepts each code once, and takes a recovery code once', async () => {
    const me = await signedInAs(t, 'manager', 'tfa-user')
    const started = (await me.post('/api/admin/me/totp').expect(200)).body
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/.*tfa-user\?.*secret=/)
    expect(started.qrSvg).toMatch(/^<svg/)
    await me.post('/api/admin/me/totp/verify').send({ code: '000000' }).expect(400)
    const verified = (await me.post('/api/admin/me/totp/verify').send({ code: totpCode(started.secret, t.clock.now()) }).expect(200)).body
    expect(verified.recoveryCodes).toHaveLength(10)

    const noCode = await login('tfa-user', 'tfa-user-password-42')
    expect(noCode.status).toBe(401)
    expect(noCode.body).toEqual({ message: 'Enter the 6-digit code from your authenticator app.', totpRequired: true })
    // The code that turned it on was used: the same code again is refused, a wrong password with a right code too.
    await login('tfa-user', 'tfa-user-password-42', { code: totpCode(started.secret, t.clock.now()) }).expect(401)
    t.clock.advance(30_000)
    const code = totpCode(started.secret, t.clock.now())
    await login('tfa-user', 'wrong-password-here', { code }).expect(401)
    await login('tfa-user', 'tfa-user-password-42', { code }).expect(200)
    // Each code once: replaying it, even within its 30 seconds, fails.
    const replay = await login('tfa-user', 'tfa-user-password-42', { code })
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe(STAFF_MESSAGES.totpInvalid)
    // A recovery code signs in once.
    await login('tfa-user', 'tfa-user-password-42', { code: verified.recoveryCodes[0] }).expect(200)
    await login('tfa-user', 'tfa-user-password-42', { code: verified.recoveryCodes[0] }).expect(401)
    expect((await auditRows('login_failed')).filter((r) => r.username === 'tfa-user').map((r) => r.summary)).toContain('failed to sign in (wrong two-factor code)')
  })

  it('an owner turns on ‘Require 2FA for owners’ only with 2FA on; then owners without it may only set it up', async () => {
    const res = await owner.put('/api/admin/users/owner-2fa').send({ required: true })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(STAFF_MESSAGES.ownTotpFirst)
    const secure = await signedInAs(t, 'owner', 'secure-owner')
    const { secret } = (await secure.post('/api/admin/me/totp').expect(200)).body
    await secure.post('/api/admin/me/totp/verify').send({ code: totpCode(secret, t.clock.now()) }).expect(200)
    await secure.put('/api/admin/users/owner-2fa').send({ required: true }).expect(200)

    const blocked = await owner.get('/api/admin/reservations')
    expect(blocked.status).toBe(403)
    expect(blocked.body).toEqual({ message: STAFF_MESSAGES.totpSetupRequired, code: 'totp_setup_required' })
    expect((await owner.get('/api/user').expect(200)).body.mustEnrolTotp).toBe(true)
    await owner.get('/api/admin/me/totp').expect(200)
    // Staff and managers are not held up by the owners' rule.
    await (await signedInAs(t, 'staff')).get('/api/admin/reservations').expect(200)
    t.clock.advance(60_000)
    await secure.put('/api/admin/users/owner-2fa').send({ required: false }).expect(200)
    await owner.get('/api/admin/reservations').expect(200)
  })
})

describe('sessions', () => {
  it('lists the user’s sessions, ends one, and signs out everywhere else', async () => {
    const a = await signedInAs(t, 'staff', 'roamer')
    const b = await signedInAs(t, 'staff', 'roamer')
    const c = await signedInAs(t, 'staff', 'roamer')
    const list = (await a.get('/api/admin/me/sessions').set('User-Agent', 'Test Browser').expect(200)).body
    expect(list).toHaveLength(3)
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    expect(list[0]).toMatchObject({ createdAt: expect.any(String), lastSeenAt: expect.any(String), address: expect.any(String) })
    const bId = (await b.get('/api/admin/me/sessions').expect(200)).body.find((s: { current: boolean }) => s.current).id
    await a.delete(`/api/admin/me/sessions/${bId}`).expect(204)
    await b.get('/api/admin/reservations').expect(401)
    await a.delete('/api/admin/me/sessions/not-a-session').expect(404)
    expect((await a.delete('/api/admin/me/sessions').expect(200)).body).toEqual({ ended: 1 })
    await c.get('/api/admin/reservations').expect(401)
    await a.get('/api/admin/reservations').expect(200)
    // Another user's session cannot be ended by its id.
    const other = await signedInAs(t, 'staff', 'bystander')
    const otherId = (await other.get('/api/admin/me/sessions').expect(200)).body[0].id
    await a.delete(`/api/admin/me/sessions/${otherId}`).expect(404)
    await other.get('/api/admin/reservations').expect(200)
  })

  it(`keeps ${MAX_SESSIONS_PER_USER} sessions a user at most: a sign-in past them signs out those last seen longest ago, with an audit row`, async () => {
    const oldest = await signedInAs(t, 'staff', 'many-devices')
    const bystander = await signedInAs(t, 'staff', 'one-device')
    // The account's other sessions, as if signed in on many devices: one last seen a minute ago, the next two minutes ago, …
    const sessions = (username: string) =>
      t.db.$client.query<{ sid: string }>(`select sid from session s join users u on u.id = s.user_id where u.username = $1 order by expire desc`, [username])
    const [first] = (await sessions('many-devices')).rows
    const { id } = (await t.db.$client.query<{ id: number }>(`select id from users where username = 'many-devices'`)).rows[0]!
    await t.db.$client.query(
      `insert into session (sid, sess, expire)
         select 'device-' || n, json_build_object('userId', $1::int, 'createdAt', now()), now() + interval '12 hours' - n * interval '1 minute'
         from generate_series(1, $2::int) n`,
      [id, MAX_SESSIONS_PER_USER - 1],
    )
    // The first sign-in, last seen longest ago (11 hours 59 minutes ago: a session lasts 12 hours from its last request).
    await t.db.$client.query(`update session set expire = now() + interval '1 minute' where sid = $1`, [first!.sid])
    expect((await sessions('many-devices')).rowCount).toBe(MAX_SESSIONS_PER_USER)

    const newest = await signedInAs(t, 'staff', 'many-devices')
    const list = (await newest.get('/api/admin/me/sessions').expect(200)).body as { current: boolean }[]
    expect(list).toHaveLength(MAX_SESSIONS_PER_USER)
    expect(list[0]).toMatchObject({ current: true })
    await oldest.get('/api/admin/reservations').expect(401)
    expect((await sessions('many-devices')).rows.map((r) => r.sid)).not.toContain(first!.sid)
    // The sessions seen since, and another user's, are kept.
    expect((await sessions('many-devices')).rows.map((r) => r.sid)).toContain(`device-${MAX_SESSIONS_PER_USER - 1}`)
    await bystander.get('/api/admin/reservations').expect(200)
    const [row] = (await auditRows('session_end')).slice(-1)
    expect(row).toMatchObject({
      username: 'many-devices',
      summary: `signed in with ${MAX_SESSIONS_PER_USER} sessions open: the one last seen longest ago signed out`,
      entity_id: String(id),
    })

    // Signing in again ends the next oldest, one at a time.
    await signedInAs(t, 'staff', 'many-devices')
    expect((await sessions('many-devices')).rowCount).toBe(MAX_SESSIONS_PER_USER)
    expect((await sessions('many-devices')).rows.map((r) => r.sid)).not.toContain(`device-${MAX_SESSIONS_PER_USER - 1}`)
    await newest.get('/api/admin/reservations').expect(200)
  })

  it('records an IPv4 address that reached a server listening on IPv6 too as IPv4: in the audit log and the sessions', async () => {
    // As `npm start` listens: on every address, so an IPv4 client's address comes as '::ffff:127.0.0.1'.
    const server = t.app.listen(0, '::')
    try {
      await new Promise((resolve) => server.once('listening', resolve))
      const agent = request.agent(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).set('Sec-Fetch-Site', 'same-origin')
      await signedInAs(t, 'staff', 'dual-stack') // makes the account, with its password
      await agent.post('/api/login').send({ username: 'dual-stack', password: 'dual-stack-password-42' }).expect(200)
      expect((await agent.get('/api/admin/me/sessions').expect(200)).body.find((s: { current: boolean }) => s.current).address).toBe('127.0.0.1')
      const [row] = (await t.db.$client.query(`select address from audit_log where username = 'dual-stack' and action = 'login' order by id desc limit 1`)).rows
      expect(row).toEqual({ address: '127.0.0.1' })
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('password links', () => {
  const linkRows = async (username: string) =>
    (
      await t.db.$client.query<{ id: number; expires_at: Date; purpose: string }>(
        'select t.id, t.expires_at, t.purpose from password_reset_tokens t join users u on u.id = t.user_id where u.username = $1 order by t.id',
        [username],
      )
    ).rows
  const tokenOf = (row: { id: number; expires_at: Date }) => passwordLinkUrl(t.config, 'http://pub.test', row.id, row.expires_at).split('/').at(-1)!

  it('answers the same whether or not the account exists, and emails a one-hour link through the outbox', async () => {
    await owner.post('/api/admin/users').send({ username: 'forgetful', role: 'staff', email: 'forgetful@example.com', password: 'forgetful-password-1' }).expect(201)
    const known = await request(t.app).post('/api/password-reset').send({ email: 'Forgetful@example.com' })
    const unknown = await request(t.app).post('/api/password-reset').send({ username: 'nobody-here' })
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    const [row] = await linkRows('forgetful')
    expect(row!.expires_at.getTime() - t.clock.now().getTime()).toBe(3_600_000)
    const { rows: outbox } = await t.db.$client.query('select to_address, template_key, data from email_outbox where message_key = $1', [`password-link:${row!.id}`])
    expect(outbox).toMatchObject([{ to_address: 'forgetful@example.com', template_key: 'staff_password_reset' }])
    // The outbox holds the link's row, never the link itself.
    expect(JSON.stringify(outbox[0].data)).not.toContain(tokenOf(row!))

    const member = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin')
    await member.post('/api/login').send({ username: 'forgetful', password: 'forgetful-password-1' }).expect(200)
    const weak = await request(t.app).post(`/api/password-reset/${tokenOf(row!)}`).send({ password: 'short' })
    expect(weak.status).toBe(400)
    const agent = request.agent(t.app).set('Sec-Fetch-Site', 'same-origin')
    const done = await agent.post(`/api/password-reset/${tokenOf(row!)}`).send({ password: 'remembered-at-last' })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ signedIn: true, user: { username: 'forgetful' } })
    await agent.get('/api/admin/reservations').expect(200)
    // Every other session of the account ended; the link is used up; the new password works.
    await member.get('/api/admin/reservations').expect(401)
    const again = await request(t.app).post(`/api/password-reset/${tokenOf(row!)}`).send({ password: 'another-new-password' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(STAFF_MESSAGES.resetLinkInvalid)
    await login('forgetful', 'remembered-at-last').expect(200)
    expect((await auditRows('password_reset')).at(-1)).toMatchObject({ username: 'forgetful', summary: 'set a new password with an emailed reset link' })
  })

  it('a link stops working after an hour, and a forged one never works', async () => {
    await request(t.app).post('/api/password-reset').send({ username: 'forgetful' }).expect(200)
    const row = (await linkRows('forgetful')).at(-1)!
    expect((await request(t.app).get(`/api/password-reset/${tokenOf(row)}`).expect(200)).body).toEqual({ usable: true })
    t.clock.advance(3_600_000 + 1000)
    expect((await request(t.app).get(`/api/password-reset/${tokenOf(row)}`).expect(200)).body).toEqual({ usable: false })
    await request(t.app).post(`/api/password-reset/${tokenOf(row)}`).send({ password: 'too-late-for-this-one' }).expect(400)
    const forged = tokenOf({ id: row.id + 1, expires_at: new Date(t.clock.now().getTime() + 3_600_000) }).replace(/.$/, 'x')
    await request(t.app).post(`/api/password-reset/${forged}`).send({ password: 'forged-link-password' }).expect(400)
  })

  it('an owner creates an account without a password: it gets an emailed link to set one', async () => {
    const res = await owner.post('/api/admin/users').send({ username: 'newbie', firstName: 'New', lastName: 'Starter', email: 'newbie@example.com', role: 'staff' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ username: 'newbie', role: 'staff', active: true, totpEnabled: false, lastSignInAt: null })
    const [row] = await linkRows('newbie')
    expect(row!.purpose).toBe('invite')
    expect((await t.db.$client.query('select template_key from email_outbox where message_key = $1', [`password-link:${row!.id}`])).rows[0].template_key).toBe(
      'staff_invitation',
    )
    await request(t.app).post(`/api/password-reset/${tokenOf(row!)}`).send({ password: 'my-first-password' }).expect(200)
    await login('newbie', 'my-first-password').expect(200)
    const noEmail = await owner.post('/api/admin/users').send({ username: 'no-address', role: 'staff' })
    expect(noEmail.status).toBe(400)
    expect(noEmail.body.errors.email).toBe(STAFF_MESSAGES.emailNeededForLink)
  })
})
