import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate, useSearchParams } from 'react-router'
import { LoginFormSchema, type LoginForm, type PublicUser } from '#common/auth-schema'
import { MESSAGES } from '#common/messages'
import { TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError } from '~/lib/api'
import type { Route } from './+types/login'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Staff sign in' }, { name: 'robots', content: 'noindex' }]
}

export default function Login() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { username: '', password: '' } })
  const errors = form.formState.errors

  // A sign-in posted before the page's script loaded comes back here with ?error=invalid.
  const failedBeforeScript = params.get('error') === 'invalid'
  useEffect(() => {
    if (!failedBeforeScript) return
    toast({ variant: 'destructive', title: MESSAGES.loginFailedTitle, description: MESSAGES.loginFailedText })
    setParams({}, { replace: true })
  }, [failedBeforeScript, setParams])
  const login = useMutation({
    mutationFn: (body: LoginForm) => apiRequest<PublicUser>('POST', '/api/login', body),
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

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Staff sign in</h1>
        <p className="mt-1 text-sm text-muted-foreground">Sign in to manage bookings and the website.</p>
        <form
          className="mt-6 space-y-5"
          onSubmit={form.handleSubmit((values) => login.mutate(values))}
          noValidate
          method="post"
          action="/api/login"
        >
          <TextField
            id="username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            error={errors.username?.message}
            {...form.register('username')}
          />
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
      </div>
    </main>
  )
}
