import { useQuery } from '@tanstack/react-query'
import { CalendarX2, Plus } from 'lucide-react'
import * as React from 'react'
import type { HourExceptionRow } from '#common/hours'
import { ADMIN_MESSAGES } from '#common/messages'
import { hasOwnServices, servicesSummary } from '#common/services'
import { formatLongDate } from '#common/time'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { useCan } from '~/lib/current-user'
import { exceptionsQuery } from '~/lib/queries/hours'
import { useVenueDays } from '../admin-context'
import { ConfirmDialog } from '../confirm'
import { ItemActions, onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, QueryView } from '../panel'
import { ServicesDialog, type ServicesTarget } from './services-dialog'
import { useExceptionActions, useServicesChange } from './use-hours-actions'

// The form (with the schema and form libraries) loads when staff first reach for it.
const ExceptionDialog = lazyDialog(() => import('./exception-dialog').then((m) => m.ExceptionDialog))

/** A date's exception. Each action only for a role that may take it: without it, its button is not shown. */
function ExceptionItem({ exception: e, onEdit, onDelete, onServices }: { exception: HourExceptionRow; onEdit?: () => void; onDelete?: () => void; onServices?: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid={`exception-${e.date}`}>
      <div>
        <p className="font-semibold">{formatLongDate(e.date)}</p>
        <p className="text-sm">
          {e.isClosed ? <Badge variant="danger">Closed all day</Badge> : <Badge variant="success">Open {e.openTime} to {e.closeTime}</Badge>}
          {!e.isClosed && e.lastOrdersTime && <span className="ml-2">Kitchen last orders {e.lastOrdersTime}</span>}
          <span className="ml-2 text-muted-foreground">{e.reason}</span>
        </p>
        {!e.isClosed && hasOwnServices(e) && (
          <p className="text-sm" data-testid={`exception-services-${e.date}`}>
            {servicesSummary(e.services!)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {onServices && !e.isClosed && e.openTime && e.closeTime && (
          <Button type="button" variant="outline" size="sm" onClick={onServices}>
            Edit services<span className="sr-only"> on {formatLongDate(e.date)}</span>
          </Button>
        )}
        <ItemActions label={`the exception on ${formatLongDate(e.date)}`} onEdit={onEdit} onDelete={onDelete} preload={ExceptionDialog.preload} />
      </div>
    </li>
  )
}

/** Hour Exceptions (SPEC.md section 2): dates whose booking hours differ, upcoming first; past ones on request. */
export function HourExceptions() {
  const canWrite = useCan('content.write')
  const canDelete = useCan('content.delete')
  const exceptions = useQuery(exceptionsQuery)
  const { today } = useVenueDays()
  const [editing, setEditing] = React.useState<HourExceptionRow | 'new' | null>(null)
  const [showPast, setShowPast] = React.useState(false)
  const actions = useExceptionActions({ onSaved: () => setEditing(null) })
  const [servicesOf, setServicesOf] = React.useState<ServicesTarget | null>(null)
  const services = useServicesChange({ onSaved: () => setServicesOf(null) })
  const upcoming = exceptions.data?.filter((e) => e.date >= today) ?? []
  const past = exceptions.data?.filter((e) => e.date < today).reverse() ?? []

  const item = (e: HourExceptionRow) => (
    <ExceptionItem
      key={e.id}
      exception={e}
      onEdit={onlyIf(canWrite, () => setEditing(e))}
      onServices={onlyIf(canWrite, () =>
        setServicesOf({ label: `${e.reason} (${formatLongDate(e.date)})`, kind: 'exception', id: e.id, openTime: e.openTime!, closeTime: e.closeTime!, services: e.services, version: e.version }),
      )}
      onDelete={onlyIf(canDelete, () =>
        actions.remove.ask({
          title: 'Delete this exception?',
          description: `${formatLongDate(e.date)} goes back to the usual hours for that day of the week.`,
          confirmLabel: 'Delete',
          destructive: true,
          variables: e.id,
        }),
      )}
    />
  )

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Closures and special hours for single dates. They win over the usual week.</p>
        {canWrite && (
          <Button type="button" onClick={() => setEditing('new')} {...ExceptionDialog.preloadProps}>
            <Plus aria-hidden="true" />
            Add Exception
          </Button>
        )}
      </div>
      <QueryView
        query={exceptions}
        errorMessage="The hour exceptions could not be loaded."
        loading={ADMIN_MESSAGES.loadingExceptions}
        empty={() => upcoming.length === 0 && past.length === 0 && <EmptyState title={ADMIN_MESSAGES.noExceptions} icon={<CalendarX2 className="size-8 text-muted-foreground" aria-hidden="true" />} />}
      >
        {() => (
          <>
            {upcoming.length > 0 ? (
              <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Upcoming exceptions">
                {upcoming.map(item)}
              </ul>
            ) : (
              <EmptyState title={ADMIN_MESSAGES.noExceptions}>None from today on.</EmptyState>
            )}
            {past.length > 0 && (
              <div>
                <Button type="button" variant="link" className="px-0" aria-expanded={showPast} onClick={() => setShowPast((s) => !s)}>
                  {showPast ? 'Hide' : 'Show'} past exceptions ({past.length})
                </Button>
                {showPast && (
                  <ul className="divide-y divide-border rounded-lg border border-border bg-card opacity-80" aria-label="Past exceptions">
                    {past.map(item)}
                  </ul>
                )}
              </div>
            )}
          </>
        )}
      </QueryView>
      {editing !== null && (
        <ExceptionDialog.Component open onOpenChange={(open) => !open && setEditing(null)} exception={editing === 'new' ? undefined : editing} save={actions.save} />
      )}
      <ConfirmDialog {...actions.save.dialog} />
      <ConfirmDialog {...actions.remove.dialog} />
      <ServicesDialog target={servicesOf} onOpenChange={(next) => !next && setServicesOf(null)} save={services} />
    </div>
  )
}
