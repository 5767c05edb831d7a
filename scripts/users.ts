// Staff accounts: `npm run users -- create NAME` and `npm run users -- reset-password NAME`.
// The password is read from a hidden prompt, or from stdin when it is not a terminal.
import readline from 'node:readline'
import { createUserService, UserExistsError, UserNotFoundError } from '../server/auth/users'
import { withDatabase } from './cli-db'

const USAGE = 'Usage: npm run users -- create NAME | reset-password NAME'

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  // Hide what is typed.
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl)
  ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    write(s.startsWith(prompt) ? prompt : '')
  }
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve))
  rl.close()
  process.stdout.write('\n')
  return answer
}

async function main() {
  const [command, username] = process.argv.slice(2)
  if (!username || (command !== 'create' && command !== 'reset-password')) {
    console.error(USAGE)
    process.exit(2)
  }
  const password = await readPassword(`Password for ${username}: `)
  if (password.length < 8) {
    console.error('The password must be at least 8 characters long.')
    process.exit(1)
  }
  await withDatabase(async (db) => {
    const users = createUserService(db)
    try {
      if (command === 'create') {
        await users.create(username, password)
        console.log(`Created staff account ${username}.`)
      } else {
        await users.resetPassword(username, password)
        console.log(`Password changed for ${username}.`)
      }
    } catch (error) {
      if (error instanceof UserExistsError || error instanceof UserNotFoundError) {
        console.error(error.message)
        process.exitCode = 1
        return
      }
      throw error
    }
  })
}

await main()
