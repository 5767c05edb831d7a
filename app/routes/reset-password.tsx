import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { PASSWORD_MIN_LENGTH, PasswordResetSchema, STAFF_MESSAGES } from '#common/staff-schema'
import { FormError, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError, getJson } from '~/lib/api'
import { sessionResumed } from '~/lib/staff-session'
import type { Route } from './+types/reset-password'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Set a new password' }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }]
}

/** The page an emailed password link opens: a new password, then signed in (or on to sign in with the 2FA code). */
export default function ResetPassword() {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const link = useQuery({ queryKey: ['/api/password-reset', token], queryFn: () => getJson<{ usable: boolean }>(`/api/password-reset/${token}`), retry: false })
  const form = useForm<{ password: string }>({ resolver: zodResolver(PasswordResetSchema), defaultValues: { password: '' } })
  const save = useMutation({
    mutationFn: (values: { password: string }) => apiRequest<{ signedIn: boolean; message: string }>('POST', `/api/password-reset/${token}`, values),
    onSuccess: (r) => {
      toast({ title: 'Password set', description: r.message })
      if (r.signedIn) sessionResumed()
      navigate(r.signedIn ? '/admin' : '/login')
    },
  })
  const serverError = save.error instanceof ApiError ? save.error : undefined
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Set a new password</h1>
        {link.isPending ? (
          <p role="status" className="mt-4">
            Loading...
          </p>
        ) : !link.data?.usable ? (
          <div className="mt-4 space-y-4">
            <FormError message={STAFF_MESSAGES.resetLinkInvalid} />
            <Link to="/forgot-password" className="underline underline-offset-4">
              Ask for a new link
            </Link>
          </div>
        ) : (
          <form className="mt-6 space-y-5" noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
            <TextField
              id="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password. A short sentence is easy to remember.`}
              error={form.formState.errors.password?.message ?? serverError?.fieldErrors.password}
              {...form.register('password')}
            />
            <FormError message={serverError && !serverError.fieldErrors.password ? serverError.serverMessage : undefined} />
            <Button type="submit" className="w-full" pending={save.isPending}>
              {save.isPending ? 'Saving...' : 'Set Password'}
            </Button>
          </form>
        )}
      </div>
    </main>
  )
}
