import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ROLE_LABELS } from '#common/permissions'
import { PASSWORD_MIN_LENGTH, PasswordChangeSchema, type StaffSession } from '#common/staff-schema'
import { formatInstant } from '#common/time'
import { FormError, TextField } from '~/components/forms/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError } from '~/lib/api'
import { currentUserQuery } from '~/lib/current-user'
import { mySessionsQuery, staffKeys } from '~/lib/queries/staff'
import { AdminContext } from '../admin-context'
import { ConfirmDialog, useConfirmedMutation } from '../confirm'
import { ErrorState, LoadingState, PanelHeader } from '../panel'
import { TwoFactor } from './two-factor'

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-border bg-card p-4 md:p-6">
      <h2 id={id} className="font-display text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function PasswordForm() {
  const form = useForm<z.input<typeof PasswordChangeSchema>>({ resolver: zodResolver(PasswordChangeSchema), defaultValues: { currentPassword: '', newPassword: '' } })
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: (values: z.input<typeof PasswordChangeSchema>) => apiRequest<{ message: string }>('POST', '/api/admin/me/password', values),
    onSuccess: async (r) => {
      form.reset()
      toast({ title: 'Password changed', description: r.message })
      await queryClient.invalidateQueries({ queryKey: staffKeys.sessions })
    },
  })
  const server = change.error instanceof ApiError ? change.error.fieldErrors : {}
  const errors = form.formState.errors
  return (
    <form className="grid max-w-md gap-4" noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))}>
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message ?? server.currentPassword} {...form.register('currentPassword')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password. A short sentence is easy to remember.`}
        error={errors.newPassword?.message ?? server.newPassword}
        {...form.register('newPassword')}
      />
      <FormError message={change.error && !Object.keys(server).length ? (change.error instanceof ApiError ? change.error.serverMessage : 'Something went wrong.') : undefined} />
      <Button type="submit" className="justify-self-start" pending={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change Password'}
      </Button>
    </form>
  )
}

/** 'Chrome on Windows' from a user agent, near enough for someone to recognise their own device. */
function describeBrowser(agent: string | null): string {
  if (!agent) return 'Unknown browser'
  const browser = /Edg\//.test(agent) ? 'Edge' : /Chrome\//.test(agent) ? 'Chrome' : /Firefox\//.test(agent) ? 'Firefox' : /Safari\//.test(agent) ? 'Safari' : 'A browser'
  const system = /iPhone|iPad/.test(agent) ? 'iPhone or iPad' : /Android/.test(agent) ? 'Android' : /Windows/.test(agent) ? 'Windows' : /Mac OS X/.test(agent) ? 'Mac' : /Linux/.test(agent) ? 'Linux' : ''
  return system ? `${browser} on ${system}` : browser
}

function Sessions() {
  const { venueTimezone } = React.useContext(AdminContext)
  const sessions = useQuery(mySessionsQuery)
  const endOne = useConfirmedMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/me/sessions/${id}`),
    success: 'That session has been signed out.',
    invalidate: [staffKeys.sessions],
  })
  const endOthers = useConfirmedMutation({
    mutationFn: () => apiRequest<{ ended: number }>('DELETE', '/api/admin/me/sessions'),
    success: (_v, r) => `Signed out ${r.ended} other session${r.ended === 1 ? '' : 's'}.`,
    invalidate: [staffKeys.sessions],
  })
  if (sessions.isPending) return <LoadingState />
  if (sessions.isError) return <ErrorState message="Your sessions could not be loaded." onRetry={() => void sessions.refetch()} />
  const others = sessions.data.filter((s) => !s.current).length
  const when = (at: string | null) => (at ? formatInstant(at, venueTimezone) : 'unknown')
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-border rounded-md border" aria-label="Your sessions">
        {sessions.data.map((s: StaffSession) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <div>
              <p className="font-semibold">
                {describeBrowser(s.userAgent)} {s.current && <Badge variant="success">This device</Badge>}
              </p>
              <p className="text-muted-foreground">
                Signed in {when(s.createdAt)} · last seen {when(s.lastSeenAt)} · {s.address ?? 'unknown address'}
              </p>
            </div>
            {!s.current && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => endOne.ask({ title: 'Sign out this session?', description: 'That browser is signed out at once.', detail: describeBrowser(s.userAgent), confirmLabel: 'Sign Out', variables: s.id })}
              >
                Sign Out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        disabled={others === 0}
        onClick={() =>
          endOthers.ask({
            title: 'Sign out everywhere else?',
            description: 'Every other browser and phone signed in as you is signed out at once. This one stays signed in.',
            confirmLabel: 'Sign Out Everywhere Else',
            variables: undefined,
          })
        }
      >
        <LogOut aria-hidden="true" />
        Sign Out Everywhere Else
      </Button>
      <ConfirmDialog {...endOne.dialog} />
      <ConfirmDialog {...endOthers.dialog} />
    </div>
  )
}

/** Your Account (every role): your password, two-factor authentication and where you are signed in. */
export default function AccountPanel() {
  const me = useQuery(currentUserQuery).data
  return (
    <section aria-labelledby="account-title" className="space-y-5">
      <PanelHeader titleId="account-title" title="Your Account" description={me ? `Signed in as ${me.username} (${ROLE_LABELS[me.role]}).` : undefined} />
      <Card title="Two-factor authentication" id="account-2fa">
        <TwoFactor />
      </Card>
      <Card title="Password" id="account-password">
        <PasswordForm />
      </Card>
      <Card title="Where you are signed in" id="account-sessions">
        <Sessions />
      </Card>
    </section>
  )
}
