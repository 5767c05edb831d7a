import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShieldCheck } from 'lucide-react'
import * as React from 'react'
import { RECOVERY_CODE_COUNT } from '#common/staff-schema'
import { FormError, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError } from '~/lib/api'
import { currentUserQuery } from '~/lib/current-user'
import { myTotpQuery, staffKeys } from '~/lib/queries/staff'

type Enrolment = { secret: string; uri: string; qrSvg: string }
const message = (error: unknown) => (error instanceof ApiError ? error.serverMessage : 'Something went wrong. Please try again.')

/** Two-factor authentication: set up with an authenticator app (QR code or key), recovery codes shown once, and turning it off. */
export function TwoFactor() {
  const queryClient = useQueryClient()
  const status = useQuery(myTotpQuery)
  const [enrolment, setEnrolment] = React.useState<Enrolment | null>(null)
  const [codes, setCodes] = React.useState<string[] | null>(null)
  const [code, setCode] = React.useState('')
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.totp }), queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })])

  const start = useMutation({ mutationFn: () => apiRequest<Enrolment>('POST', '/api/admin/me/totp'), onSuccess: (e) => setEnrolment(e) })
  const verify = useMutation({
    mutationFn: () => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/me/totp/verify', { code }),
    onSuccess: async (r) => {
      setEnrolment(null)
      setCode('')
      setCodes(r.recoveryCodes)
      toast({ title: 'Two-factor authentication is on', description: 'Keep your recovery codes somewhere safe.' })
      await refresh()
    },
  })
  const disable = useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/admin/me/totp', { code }),
    onSuccess: async () => {
      setCode('')
      toast({ title: 'Two-factor authentication is off' })
      await refresh()
    },
  })

  if (status.isPending) return <p role="status">Loading...</p>
  if (status.isError) return <FormError message="Could not load your two-factor settings." />

  if (codes) {
    return (
      <div className="space-y-3">
        <p className="font-semibold">Your recovery codes</p>
        <p className="text-sm text-muted-foreground">
          Each signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager.
        </p>
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c} className="rounded border bg-muted px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ul>
        <Button type="button" onClick={() => setCodes(null)}>
          I Have Saved Them
        </Button>
      </div>
    )
  }

  if (status.data.enabled) {
    return (
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          disable.mutate()
        }}
      >
        <p className="flex items-center gap-2 font-semibold">
          <ShieldCheck className="size-5 text-emerald-700" aria-hidden="true" />
          Two-factor authentication is on.
        </p>
        <p className="text-sm text-muted-foreground">
          {status.data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left. To turn it off, enter a code from your app.
        </p>
        <TextField label="Code from your app, or a recovery code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={disable.error ? message(disable.error) : undefined} />
        <Button type="submit" variant="outline" pending={disable.isPending} disabled={!code}>
          {disable.isPending ? 'Working...' : 'Turn Off Two-Factor Authentication'}
        </Button>
      </form>
    )
  }

  if (!enrolment) {
    return (
      <div className="space-y-3">
        <p className="text-sm">Add a second step to signing in: a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
        <FormError message={start.error ? message(start.error) : undefined} />
        <Button type="button" onClick={() => start.mutate()} pending={start.isPending}>
          {start.isPending ? 'Working...' : 'Set Up Two-Factor Authentication'}
        </Button>
      </div>
    )
  }

  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        verify.mutate()
      }}
    >
      <p className="text-sm">1. Scan this code with your authenticator app, or type the key into it.</p>
      <div className="flex flex-wrap items-center gap-4">
        {/* The server drew the QR code (SVG) from the secret it just made. */}
        <div className="size-44 rounded border bg-white p-1 [&>svg]:size-full" role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
        <p className="min-w-0 text-sm">
          Key: <code className="break-all rounded bg-muted px-1 font-mono" data-testid="totp-secret">{enrolment.secret}</code>
        </p>
      </div>
      <p className="text-sm">2. Enter the 6-digit code the app shows.</p>
      <TextField label="6-digit code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={verify.error ? message(verify.error) : undefined} />
      <div className="flex gap-2">
        <Button type="submit" pending={verify.isPending} disabled={!code}>
          {verify.isPending ? 'Working...' : 'Turn On'}
        </Button>
        <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
