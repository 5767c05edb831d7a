import { z } from 'zod'
import { MESSAGES } from './messages'

export const LoginFormSchema = z.object({
  username: z.string({ message: MESSAGES.usernameRequired }).trim().min(1, MESSAGES.usernameRequired).max(100),
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
