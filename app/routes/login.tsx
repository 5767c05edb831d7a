import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoginFormSchema, type LoginForm } from '#common/auth-schema'
import { MESSAGES } from '#common/messages'
import { STAFF_MESSAGES, type CurrentStaff } from '#common/staff-schema'
import { TextField } from '~/components/forms/fields'
import { TotpCodeField } from '~/components/forms/totp-code-field'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError } from '~/lib/api'
import { sessionResumed } from '~/lib/staff-session'
import type { Route } from './+types/login'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Staff sign in' }, { name: 'robots', content: 'noindex' }]
}

export default function Login() {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema), defaultValues: { username: '', password: '' } })
  const errors = form.formState.errors
  // Once the password was right for an account with two-factor authentication: its code, asked for on the same form.
  const [askCode, setAskCode] = useState(false)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()

  // A sign-in posted before the page's script loaded comes back here with ?error=invalid.
  const failedBeforeScript = params.get('error')
  useEffect(() => {
    if (!failedBeforeScript) return
    if (failedBeforeScript === 'totp') setAskCode(true)
    else toast({ variant: 'destructive', title: MESSAGES.loginFailedTitle, description: MESSAGES.loginFailedText })
    setParams({}, { replace: true })
  }, [failedBeforeScript, setParams])
  const login = useMutation({
    mutationFn: (body: LoginForm & { code?: string }) => apiRequest<CurrentStaff>('POST', '/api/login', body),
    onSuccess: () => {
      // Signed in: a back-office screen that had found its session ended (app/lib/staff-session.ts) need not ask again.
      sessionResumed()
      toast({ title: MESSAGES.loginSuccess })
      navigate('/admin')
    },
    onError: (error) => {
      const body = error instanceof ApiError ? (error.body as { totpRequired?: boolean } | null) : null
      if (body?.totpRequired) {
        // The password was right: now the code (a wrong one says so beside the field).
        if (askCode) setCodeError(STAFF_MESSAGES.totpInvalid)
        setAskCode(true)
        return
      }
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
          onSubmit={form.handleSubmit((values) => {
            setCodeError(undefined)
            login.mutate(askCode ? { ...values, code } : values)
          })}
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
          {askCode && <TotpCodeField id="code" name="code" value={code} onChange={(e) => setCode(e.target.value)} error={codeError} />}
          <Button type="submit" className="w-full" pending={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to="/forgot-password" className="underline underline-offset-4">
            Forgot password?
          </Link>
        </p>
      </div>
    </main>
  )
}
