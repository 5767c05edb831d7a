import { useQuery } from '@tanstack/react-query'
import { KeyRound, Pencil, UserPlus, UserX, UserCheck } from 'lucide-react'
import * as React from 'react'
import { ROLE_LABELS } from '#common/permissions'
import { displayName, type StaffAccount } from '#common/staff-schema'
import { formatInstant } from '#common/time'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Switch } from '~/components/ui/switch'
import { currentUserQuery } from '~/lib/current-user'
import { staffAccountsQuery } from '~/lib/queries/staff'
import { AdminContext } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { ErrorState, LoadingState, PanelHeader } from '../panel'
import { CreateAccountDialog, EditAccountDialog } from './account-dialog'
import { useStaffActions } from './use-staff-actions'

function AccountItem({ account: a, isMe, onEdit, onReset, onToggleActive }: { account: StaffAccount; isMe: boolean; onEdit: () => void; onReset: () => void; onToggleActive: () => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  const name = displayName(a)
  return (
    <li>
      <article aria-labelledby={`account-${a.id}`} className="grid gap-3 p-4 md:grid-cols-[1fr_auto]" data-testid={`account-${a.username}`}>
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span id={`account-${a.id}`} className="font-display text-lg font-semibold">
              {a.username}
            </span>
            {name !== a.username && <span className="text-muted-foreground">{name}</span>}
            <Badge variant={a.role === 'owner' ? 'brass' : 'outline'}>{ROLE_LABELS[a.role]}</Badge>
            <Badge variant={a.active ? 'success' : 'danger'}>{a.active ? 'Active' : 'Deactivated'}</Badge>
            {isMe && <Badge variant="secondary">You</Badge>}
          </p>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
            <div>
              <dt className="inline font-semibold">Email: </dt>
              <dd className="inline break-all">{a.email ?? 'none'}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Last sign-in: </dt>
              <dd className="inline">{a.lastSignInAt ? formatInstant(a.lastSignInAt, venueTimezone) : 'never'}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Two-factor: </dt>
              <dd className="inline">{a.totpEnabled ? 'on' : 'off'}</dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap items-start gap-2 md:justify-end">
          <Button type="button" size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${a.username}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onReset} disabled={!a.email || !a.active} aria-label={`Reset Password for ${a.username} by email`}>
            <KeyRound aria-hidden="true" />
            Reset Password
          </Button>
          {!isMe && (
            <Button type="button" size="sm" variant={a.active ? 'ghost' : 'outline'} className={a.active ? 'text-destructive hover:text-destructive' : ''} onClick={onToggleActive} aria-label={`${a.active ? 'Deactivate' : 'Reactivate'} ${a.username}`}>
              {a.active ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
              {a.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          )}
        </div>
      </article>
    </li>
  )
}

/** Staff Accounts (owners only): who can sign in to the back-office, with which role, and whether owners must use 2FA. */
export default function StaffAccountsPanel() {
  const accounts = useQuery(staffAccountsQuery)
  const me = useQuery(currentUserQuery).data
  const [creating, setCreating] = React.useState(false)
  const [editing, setEditing] = React.useState<StaffAccount | null>(null)
  const actions = useStaffActions({
    onSaved: () => {
      setCreating(false)
      setEditing(null)
    },
  })
  const rule = accounts.data?.requireOwnerTotp ?? false

  return (
    <section aria-labelledby="staff-title" className="space-y-5">
      <PanelHeader
        titleId="staff-title"
        title="Staff Accounts"
        description="Everyone who signs in to the back-office. Staff take bookings; managers run the content and the lists; owners also manage accounts."
        actions={
          <Button type="button" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" />
            Add Account
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-4">
        <Switch
          id="owner-2fa"
          checked={rule}
          disabled={accounts.isPending}
          onCheckedChange={(next) =>
            actions.ownerRule.ask({
              title: next ? 'Require 2FA for owners?' : 'Stop requiring 2FA for owners?',
              description: next
                ? 'Owners without two-factor authentication must turn it on before they can do anything else. Yours must be on first.'
                : 'Owners may sign in with their password alone.',
              confirmLabel: next ? 'Require 2FA' : 'Stop Requiring',
              variables: next,
            })
          }
        />
        <label htmlFor="owner-2fa" className="font-semibold">
          Require 2FA for owners
        </label>
        <span className="text-sm text-muted-foreground">Owners can change everything, so their accounts deserve a second lock.</span>
      </div>
      {accounts.isPending ? (
        <LoadingState />
      ) : accounts.isError ? (
        <ErrorState message="The staff accounts could not be loaded." onRetry={() => void accounts.refetch()} />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Staff accounts">
          {accounts.data.users.map((a) => (
            <AccountItem
              key={a.id}
              account={a}
              isMe={a.id === me?.id}
              onEdit={() => setEditing(a)}
              onReset={() =>
                actions.reset.ask({
                  title: 'Email a password reset link?',
                  description: `A link to set a new password goes to ${a.email}. It works for one hour; their current password keeps working until then.`,
                  detail: a.username,
                  confirmLabel: 'Send Link',
                  variables: a.id,
                })
              }
              onToggleActive={() =>
                actions.update.ask({
                  title: a.active ? 'Deactivate this account?' : 'Reactivate this account?',
                  description: a.active
                    ? 'They are signed out everywhere at once and cannot sign in again until an owner reactivates the account.'
                    : 'They can sign in again with their password.',
                  detail: a.username,
                  confirmLabel: a.active ? 'Deactivate' : 'Reactivate',
                  destructive: a.active,
                  variables: { id: a.id, patch: { active: !a.active } },
                })
              }
            />
          ))}
        </ul>
      )}
      {creating && <CreateAccountDialog open onOpenChange={(open) => !open && setCreating(false)} actions={actions} />}
      {editing && <EditAccountDialog account={editing} onOpenChange={(open) => !open && setEditing(null)} actions={actions} />}
      <ConfirmDialog {...actions.create.dialog} />
      <ConfirmDialog {...actions.update.dialog} />
      <ConfirmDialog {...actions.reset.dialog} />
      <ConfirmDialog {...actions.ownerRule.dialog} />
    </section>
  )
}
