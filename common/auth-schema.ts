import { z } from 'zod'
import { text } from './fields-schema'
import { MESSAGES } from './messages'

export const LoginFormSchema = z.object({
  username: text({ max: 100, required: MESSAGES.usernameRequired, label: 'Username' }),
  // Never stored or shown, only hashed: any characters, but bounded (scrypt reads all of it).
  password: z.string({ message: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200),
})
export type LoginForm = z.infer<typeof LoginFormSchema>

/** What the API says about a signed-in user: never the password hash. */
export type PublicUser = {
  id: number
  username: string
  email: string | null
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
}
