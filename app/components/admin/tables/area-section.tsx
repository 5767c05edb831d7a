/**
 * One area of the plan: its details and closed dates, its plan, its tables
 * and its combinations. Managers change them; staff read them.
 */
import { useQueryClient } from '@tanstack/react-query'
import { CalendarX, Plus } from 'lucide-react'
import * as React from 'react'
import {
  closedAreaMessage,
  closureLeavesWork,
  ClosureSchema,
  CLOSURE_TO_DO_TITLE,
  formatDayShort,
  type AdminArea,
  type AdminCombination,
  type AdminTable,
} from '#common/tables-schema'
import { seasonText } from '#common/tables'
import { FormError, TextField } from '~/components/forms/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ApiError, apiRequest } from '~/lib/api'
import { tablesKeys } from '~/lib/queries/tables'
import { useVenueDays } from '../admin-context'
import { ItemActions } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { PlanView, type MoveResult } from './plan-view'
import type { TablesActions } from './use-tables-actions'

const TableDialog = lazyDialog(() => import('./plan-dialogs').then((m) => m.TableDialog))
const CombinationDialog = lazyDialog(() => import('./plan-dialogs').then((m) => m.CombinationDialog))

const covers = (r: { minCovers: number; maxCovers: number }) => (r.minCovers === r.maxCovers ? `${r.maxCovers} guests` : `${r.minCovers}–${r.maxCovers} guests`)

function Closures({ area, canEdit, actions }: { area: AdminArea; canEdit: boolean; actions: TablesActions }) {
  const { today } = useVenueDays()
  const [date, setDate] = React.useState('')
  const [reason, setReason] = React.useState('')
  // What the form can tell before asking (a date, a reason), in the server's words, by the field to fix.
  const [problems, setProblems] = React.useState<{ date?: string; reason?: string }>({})
  const dateField = React.useRef<HTMLInputElement>(null)
  const reasonField = React.useRef<HTMLInputElement>(null)
  const close = actions.closeArea
  // The last closure's answer stays here while it leaves guests to phone or seat: the toast is gone in seconds.
  const outcome = close.result?.id === area.id && closureLeavesWork(close.result) ? close.result : undefined
  return (
    <div className="space-y-2">
      <h4 className="font-semibold">Closed dates</h4>
      {outcome && (
        <div className="rounded-md border border-border bg-muted p-3 text-sm" data-testid={`closure-to-do-${area.name}`}>
          <p className="font-semibold">{CLOSURE_TO_DO_TITLE}</p>
          <p>{closedAreaMessage(outcome)}</p>
        </div>
      )}
      {area.closures.length === 0 ? (
        <p className="text-sm text-muted-foreground">{area.season ? `Open every day of its season, ${seasonText(area.season)}, while it is active.` : 'Open every day it is active.'}</p>
      ) : (
        <ul className="space-y-1" aria-label={`Dates ${area.name} is closed`}>
          {area.closures.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm">
              <CalendarX aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="font-semibold">{formatDayShort(c.date)}</span>
              <span>{c.reason}</span>
              {canEdit && (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    actions.reopenArea.ask({
                      title: 'Open the area again on this date?',
                      description: 'Guests can book its tables online again that day.',
                      detail: `${area.name} · ${formatDayShort(c.date)}`,
                      confirmLabel: 'Reopen',
                      variables: { areaId: area.id, closureId: c.id },
                    })
                  }
                >
                  Reopen<span className="sr-only"> {area.name} on {formatDayShort(c.date)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <form
          noValidate
          className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_auto]"
          onSubmit={(e) => {
            e.preventDefault()
            const parsed = ClosureSchema.safeParse({ date, reason })
            if (!parsed.success) {
              const found: { date?: string; reason?: string } = {}
              for (const issue of parsed.error.issues) {
                const field = issue.path[0]
                if ((field === 'date' || field === 'reason') && !found[field]) found[field] = issue.message
              }
              setProblems(found)
              ;(found.date ? dateField : reasonField).current?.focus()
              return
            }
            close.ask({
              title: `Close ${area.name} on this date?`,
              description: area.weatherDependent
                ? 'No online bookings there that day. Its bookings that day move to free tables elsewhere at the same time, and each guest moved is emailed; any that fit nowhere will need a table.'
                : 'No online bookings there that day.',
              detail: date ? `${area.name} · ${formatDayShort(date)}${reason ? ` · ${reason}` : ''}` : area.name,
              confirmLabel: 'Close Area',
              variables: { areaId: area.id, values: { date, reason } },
              returnTo: 'form',
            })
          }}
        >
          <TextField
            ref={dateField}
            label="Date"
            type="date"
            min={today}
            value={date}
            onChange={(e) => {
              setDate(e.target.value)
              setProblems((p) => ({ ...p, date: undefined }))
            }}
            error={problems.date ?? close.fieldErrors.date}
          />
          <TextField
            ref={reasonField}
            label="Reason"
            placeholder="e.g. Rain forecast"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value)
              setProblems((p) => ({ ...p, reason: undefined }))
            }}
            error={problems.reason ?? close.fieldErrors.reason}
          />
          <Button type="submit" variant="outline" className="sm:mt-7" pending={close.pending}>
            Close for a Date
          </Button>
          <div className="sm:col-span-3">
            <FormError message={Object.keys(close.fieldErrors).length ? undefined : close.error} />
          </div>
        </form>
      )}
    </div>
  )
}

export function AreaSection({
  area,
  areas,
  tables,
  combinations,
  canEdit,
  actions,
  onEditArea,
}: {
  area: AdminArea
  areas: AdminArea[]
  tables: AdminTable[]
  combinations: AdminCombination[]
  canEdit: boolean
  actions: TablesActions
  onEditArea: () => void
}) {
  const queryClient = useQueryClient()
  const [editingTable, setEditingTable] = React.useState<AdminTable | 'new' | null>(null)
  const [editingCombination, setEditingCombination] = React.useState<AdminCombination | 'new' | null>(null)
  const names = (ids: number[]) => ids.map((id) => tables.find((t) => t.id === id)?.name ?? '?').join(' + ')

  /** A move on the plan: saved straight away with the table's version (Enter or a drop is the save). */
  async function move(table: AdminTable, to: { x: number; y: number }): Promise<MoveResult> {
    try {
      await apiRequest('PATCH', `/api/admin/tables/${table.id}`, { planX: to.x, planY: to.y, version: table.version })
      return { ok: true }
    } catch (error) {
      const stale = error instanceof ApiError && error.code === 'stale_version'
      return { ok: false, message: error instanceof ApiError ? `${error.serverMessage}${stale ? ' The plan now shows it where it is.' : ''}` : 'The server could not be reached.' }
    } finally {
      await queryClient.invalidateQueries({ queryKey: tablesKeys.all })
    }
  }

  return (
    <div className="space-y-5">
      <article aria-labelledby={`area-${area.id}-title`} className="space-y-3 rounded-lg border border-border bg-card p-4" data-testid={`area-${area.name}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h3 id={`area-${area.id}-title`} className="font-display text-xl font-semibold">
              {area.name}
            </h3>
            <p className="flex flex-wrap gap-2">
              <Badge variant={area.active ? 'success' : 'danger'}>{area.active ? 'Active' : 'Inactive'}</Badge>
              <Badge variant="outline">{area.onlineBookable ? 'Bookable online' : 'Staff seat only'}</Badge>
              {area.weatherDependent && <Badge variant="brass">Weather-dependent</Badge>}
              {area.season && <Badge variant="brass">Bookable {seasonText(area.season)}</Badge>}
              <Badge variant="outline">
                {area.tableCount} {area.tableCount === 1 ? 'table' : 'tables'}
              </Badge>
            </p>
          </div>
          {canEdit && (
            <ItemActions
              label={area.name}
              onEdit={onEditArea}
              onDelete={() =>
                actions.deleteArea.ask({
                  title: 'Delete this area?',
                  description: 'An area with tables cannot be deleted: move or delete its tables first.',
                  detail: area.name,
                  confirmLabel: 'Delete',
                  destructive: true,
                  variables: area.id,
                })
              }
            />
          )}
        </div>
        <Closures area={area} canEdit={canEdit} actions={actions} />
      </article>

      <section aria-labelledby={`plan-${area.id}-title`} className="hidden space-y-2 sm:block">
        <h3 id={`plan-${area.id}-title`} className="font-display text-lg font-semibold">
          Plan of {area.name}
        </h3>
        {tables.length === 0 ? <p className="text-sm text-muted-foreground">No tables drawn yet.</p> : <PlanView areaName={area.name} tables={tables} canEdit={canEdit} onMove={move} />}
      </section>
      <p className="text-sm text-muted-foreground sm:hidden">The plan shows on a wider screen; the tables are listed here.</p>

      <section aria-labelledby={`tables-${area.id}-title`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`tables-${area.id}-title`} className="font-display text-lg font-semibold">
            Tables
          </h3>
          {canEdit && (
            <Button type="button" size="sm" onClick={() => setEditingTable('new')} {...TableDialog.preloadProps}>
              <Plus aria-hidden="true" />
              Add Table
            </Button>
          )}
        </div>
        {tables.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">No tables in {area.name} yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label={`Tables in ${area.name}`}>
            {tables.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={`table-${t.name}`}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-display text-lg font-semibold">{t.name}</span>
                  <span>{covers(t)}</span>
                  <span className="text-sm text-muted-foreground">{t.shape === 'round' ? 'Round' : 'Rectangle'}</span>
                  {!t.onlineBookable && <Badge variant="outline">Staff seat only</Badge>}
                  {!t.active && <Badge variant="danger">Inactive</Badge>}
                  {t.active && t.outOfUseFrom && <Badge variant="brass">Out of use from {formatDayShort(t.outOfUseFrom)}</Badge>}
                </p>
                {canEdit && (
                  <ItemActions
                    label={t.name}
                    preload={TableDialog.preload}
                    active={{
                      id: `table-active-${t.id}`,
                      checked: t.active,
                      onToggle: () =>
                        actions.updateTable.ask({
                          title: t.active ? 'Make this table inactive?' : 'Make this table active?',
                          description: t.active ? 'It is no longer offered. A table with bookings to come stays active: move them first, or give it a date it is out of use from.' : 'It is offered again from now on.',
                          detail: t.name,
                          confirmLabel: t.active ? 'Make Inactive' : 'Make Active',
                          variables: { id: t.id, patch: { active: !t.active, version: t.version } },
                        }),
                    }}
                    onEdit={() => setEditingTable(t)}
                    onDelete={() =>
                      actions.deleteTable.ask({
                        title: 'Delete this table?',
                        description: 'Only a table no booking has ever named can be deleted; otherwise make it inactive, or out of use from a date after its last booking.',
                        detail: t.name,
                        confirmLabel: 'Delete',
                        destructive: true,
                        variables: t.id,
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`combinations-${area.id}-title`} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`combinations-${area.id}-title`} className="font-display text-lg font-semibold">
            Combinations
          </h3>
          {canEdit && (
            <Button type="button" size="sm" variant="outline" onClick={() => setEditingCombination('new')} disabled={tables.filter((t) => t.active).length < 2} {...CombinationDialog.preloadProps}>
              <Plus aria-hidden="true" />
              Add Combination
            </Button>
          )}
        </div>
        {combinations.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">No tables are joined in {area.name}.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label={`Combinations in ${area.name}`}>
            {combinations.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={`combination-${c.name}`}>
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-display text-lg font-semibold">{c.name}</span>
                  <span>{covers(c)}</span>
                  {c.name !== names(c.tableIds) && <span className="text-sm text-muted-foreground">{names(c.tableIds)}</span>}
                  {!c.onlineBookable && <Badge variant="outline">Staff seat only</Badge>}
                  {!c.active && <Badge variant="danger">Inactive</Badge>}
                  {c.active && c.outOfUseFrom && <Badge variant="brass">Out of use from {formatDayShort(c.outOfUseFrom)}</Badge>}
                </p>
                {canEdit && (
                  <ItemActions
                    label={c.name}
                    preload={CombinationDialog.preload}
                    active={{
                      id: `combination-active-${c.id}`,
                      checked: c.active,
                      onToggle: () =>
                        actions.updateCombination.ask({
                          title: c.active ? 'Make this combination inactive?' : 'Make this combination active?',
                          description: c.active ? 'Its tables are no longer offered together.' : 'Its tables are offered together again.',
                          detail: c.name,
                          confirmLabel: c.active ? 'Make Inactive' : 'Make Active',
                          variables: { id: c.id, patch: { active: !c.active, version: c.version } },
                        }),
                    }}
                    onEdit={() => setEditingCombination(c)}
                    onDelete={() =>
                      actions.deleteCombination.ask({
                        title: 'Delete this combination?',
                        description: 'Its tables stay; they are no longer offered together.',
                        detail: c.name,
                        confirmLabel: 'Delete',
                        destructive: true,
                        variables: c.id,
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {editingTable !== null && (
        <TableDialog.Component
          table={editingTable === 'new' ? undefined : editingTable}
          areaId={area.id}
          areas={areas}
          nextOrder={tables.length}
          actions={actions}
          onOpenChange={(open) => !open && setEditingTable(null)}
        />
      )}
      {editingCombination !== null && (
        <CombinationDialog.Component
          combination={editingCombination === 'new' ? undefined : editingCombination}
          tables={tables}
          nextOrder={combinations.length}
          actions={actions}
          onOpenChange={(open) => !open && setEditingCombination(null)}
        />
      )}
    </div>
  )
}
