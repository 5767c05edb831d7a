import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormError, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { apiRequest, ApiError } from '~/lib/api'
import type { Route } from './+types/forgot-password'

export function meta(_: Route.MetaArgs) {
  return [{ title: 'Forgot password' }, { name: 'robots', content: 'noindex' }]
}

/** 'Forgot password?': a username or email address, and the same answer whether or not it matches an account. */
export default function ForgotPassword() {
  const [who, setWho] = useState('')
  const [missing, setMissing] = useState(false)
  const request = useMutation({
    mutationFn: (value: string) => apiRequest<{ message: string }>('POST', '/api/password-reset', value.includes('@') ? { email: value } : { username: value }),
  })
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Forgot password</h1>
        {request.isSuccess ? (
          <div role="status" className="mt-4 space-y-4">
            <p>{request.data.message}</p>
            <p className="text-sm text-muted-foreground">No email? Ask an owner to send you a link from Staff Accounts.</p>
          </div>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted-foreground">Enter your username or email address and we will email you a link to set a new password.</p>
            <form
              className="mt-6 space-y-5"
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                setMissing(!who.trim())
                if (who.trim()) request.mutate(who.trim())
              }}
            >
              <TextField
                id="who"
                label="Username or email"
                autoComplete="username"
                autoCapitalize="none"
                value={who}
                onChange={(e) => setWho(e.target.value)}
                error={missing ? 'Enter your username or email address' : undefined}
              />
              <FormError message={request.error ? (request.error instanceof ApiError ? request.error.serverMessage : 'Something went wrong. Please try again.') : undefined} />
              <Button type="submit" className="w-full" pending={request.isPending}>
                {request.isPending ? 'Sending...' : 'Email Me a Link'}
              </Button>
            </form>
          </>
        )}
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="underline underline-offset-4">
            Back to sign in
          </Link>
        </p>
      </div>
    </main>
  )
}
