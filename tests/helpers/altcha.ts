import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import request from 'supertest'
import type { TestApp } from './app'

/**
 * Fetches a challenge from GET /api/altcha/challenge and solves it as the
 * booking form's widget does, returning the payload the form sends as
 * `altcha` (base64 of the challenge and its solution).
 */
export async function solvedChallenge(app: TestApp['app']): Promise<string> {
  const challenge = (await request(app).get('/api/altcha/challenge').expect(200)).body as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('The challenge was not solved in time')
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64')
}
