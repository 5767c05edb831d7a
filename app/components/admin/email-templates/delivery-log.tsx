import { useQuery } from '@tanstack/react-query'
import { Send } from 'lucide-react'
import * as React from 'react'
import { OUTBOX_STATUSES, type OutboxStatus } from '#common/email'
import type { OutboxEntry } from '#common/email-schema'
import { formatInstant } from '#common/time'
import { NativeSelect } from '~/components/forms/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { apiRequest } from '~/lib/api'
import { emailKeys, outboxQuery } from '~/lib/queries/email'
import { AdminContext } from '../admin-context'
import { ConfirmDialog, useConfirmedMutation } from '../confirm'
import { EmptyState, ErrorState, LoadingState } from '../panel'

const LOOK: Record<OutboxStatus, { label: string; variant: 'success' | 'warning' | 'danger' | 'secondary' }> = {
  sent: { label: 'Sent', variant: 'success' },
  pending: { label: 'Waiting', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
  skipped: { label: 'Not sent', variant: 'secondary' },
}
const FILTERS = [{ value: '', label: 'All messages' }, ...OUTBOX_STATUSES.map((s) => ({ value: s, label: LOOK[s].label }))]

/**
 * The delivery log: whether a guest's email went out, from the outbox itself
 * (DESIGN.md section 4). A failed or unsent message can be sent again.
 */
export function DeliveryLog() {
  const { venueTimezone } = React.useContext(AdminContext)
  const [status, setStatus] = React.useState('')
  const log = useQuery(outboxQuery(status))
  const resend = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest<OutboxEntry>('POST', `/api/admin/email-outbox/${id}/resend`),
    success: 'Queued to send again.',
    invalidate: [emailKeys.outboxAll],
  })

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-muted-foreground">The latest 100 messages, newest first. Waiting messages are tried again by themselves.</p>
        <div className="grid gap-1">
          <Label htmlFor="outbox-status">Show</Label>
          <NativeSelect id="outbox-status" options={FILTERS} value={status} onChange={(e) => setStatus(e.target.value)} className="w-44" />
        </div>
      </div>
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState message="The delivery log could not be loaded." onRetry={() => void log.refetch()} />
      ) : log.data.length === 0 ? (
        <EmptyState title="No messages yet">Emails appear here as bookings come in.</EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {log.data.map((m) => (
            <li key={m.id} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid={`outbox-${m.id}`}>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge variant={LOOK[m.status].variant}>{LOOK[m.status].label}</Badge>
                  <span className="truncate font-semibold">{m.subject ?? m.templateKey}</span>
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  To {m.toAddress} · <code>{m.templateKey}</code> · {formatInstant(m.sentAt ?? m.createdAt, venueTimezone)}
                  {m.attempts > 1 && ` · ${m.attempts} attempts`}
                </p>
                {m.lastError && <p className="text-sm text-destructive">{m.lastError}</p>}
              </div>
              {(m.status === 'failed' || m.status === 'skipped') && (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    resend.ask({
                      title: 'Send this email again?',
                      description: `Try again to send “${m.subject ?? m.templateKey}” to ${m.toAddress}.`,
                      confirmLabel: 'Resend',
                      variables: m.id,
                    })
                  }
                >
                  <Send aria-hidden="true" />
                  Resend
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog {...resend.dialog} />
    </div>
  )
}
