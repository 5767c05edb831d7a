import { useMutation } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { LoginFormSchema, type PublicUser } from '../../common/auth'
import { MESSAGES } from '../../common/messages'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError } from '~/lib/api'
import type { Route } from './+types/login'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Staff sign in' }, { name: 'robots', content: 'noindex' }]
}

type FieldErrors = Partial<Record<'username' | 'password', string>>

export default function Login() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const [errors, setErrors] = useState<FieldErrors>({})

  // A sign-in posted before the page's script loaded comes back here with ?error=invalid.
  const failedBeforeScript = params.get('error') === 'invalid'
  useEffect(() => {
    if (!failedBeforeScript) return
    toast({ variant: 'destructive', title: MESSAGES.loginFailedTitle, description: MESSAGES.loginFailedText })
    setParams({}, { replace: true })
  }, [failedBeforeScript, setParams])
  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) => apiRequest<PublicUser>('POST', '/api/login', body),
    onSuccess: () => {
      toast({ title: MESSAGES.loginSuccess })
      navigate('/admin')
    },
    onError: (error) => {
      // Too many attempts says when to try again; every other failure reads the same.
      const description =
        error instanceof ApiError && error.status === 429 ? error.serverMessage : MESSAGES.loginFailedText
      toast({ variant: 'destructive', title: MESSAGES.loginFailedTitle, description })
    },
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = LoginFormSchema.safeParse({ username: form.get('username'), password: form.get('password') })
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof FieldErrors] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    login.mutate(parsed.data)
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Staff sign in</h1>
        <p className="mt-1 text-sm text-muted-foreground">Sign in to manage bookings and the website.</p>
        <form className="mt-6 space-y-5" onSubmit={onSubmit} noValidate method="post" action="/api/login">
          <div className="space-y-2">
            <Label htmlFor="username">Username</Label>
            <Input
              id="username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'username-error' : undefined}
            />
            {errors.username && (
              <p id="username-error" className="text-sm font-medium text-destructive">
                {errors.username}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor="password">Password</Label>
            <Input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
            />
            {errors.password && (
              <p id="password-error" className="text-sm font-medium text-destructive">
                {errors.password}
              </p>
            )}
          </div>
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
      </div>
    </main>
  )
}
