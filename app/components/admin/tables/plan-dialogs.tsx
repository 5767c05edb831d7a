/**
 * The forms of Tables & Areas: an area, a table, a combination. Each edit is
 * saved against the version it was opened with; when someone saved first the
 * conflict dialog shows both and saves the choice against the new version
 * (`useVersionConflict` and `FormConflictDialog`, as in every other panel).
 */
import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form'
import type { z } from 'zod'
import {
  AreaCreateSchema,
  CombinationCreateSchema,
  TABLE_SHAPES,
  TableCreateSchema,
  type AdminArea,
  type AdminCombination,
  type AdminTable,
  type AreaCreate,
  type CombinationCreate,
  type TableCreate,
} from '#common/tables-schema'
import { seasonText, type AreaSeason } from '#common/tables'
import { MONTH_NAMES } from '#common/time'
import { FieldError, FormError, SelectField, TextField } from '~/components/forms/fields'
import { Checkbox } from '~/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import type { TablesActions } from './use-tables-actions'

/** A yes/no of the form, as a switch with its label. */
function SwitchField<T extends FieldValues>({ control, name, label, hint }: { control: Control<T>; name: Path<T>; label: string; hint?: string }) {
  const id = React.useId()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-start gap-3">
          <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
          <div>
            <Label htmlFor={id}>{label}</Label>
            {hint && (
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {hint}
              </p>
            )}
          </div>
        </div>
      )}
    />
  )
}

// ---- Area ----

type AreaForm = z.input<typeof AreaCreateSchema>
const areaForm = (a?: Pick<AdminArea, 'name' | 'sortOrder' | 'onlineBookable' | 'weatherDependent' | 'season' | 'active'>): AreaForm => ({
  name: a?.name ?? '',
  sortOrder: a?.sortOrder ?? 0,
  onlineBookable: a?.onlineBookable ?? true,
  weatherDependent: a?.weatherDependent ?? false,
  season: a?.season ?? null,
  active: a?.active ?? true,
})
const AREA_FIELDS: ConflictFieldLabel[] = [
  { key: 'name', label: 'Name' },
  { key: 'sortOrder', label: 'Sort order' },
  { key: 'onlineBookable', label: 'Bookable online' },
  { key: 'weatherDependent', label: 'Weather-dependent' },
  { key: 'season', label: 'Season', format: (value) => seasonText(value as AreaSeason | null) },
  { key: 'active', label: 'Active' },
]

const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))
const ALL_YEAR = ''

/**
 * The months an area takes bookings: 'All year', or from one month to another (over the new year too: November
 * to February). Out of season it is closed, as on a date closed for rain.
 */
function SeasonField({ control, error }: { control: Control<AreaForm>; error?: string }) {
  const hintId = React.useId()
  return (
    <Controller
      control={control}
      name="season"
      render={({ field }) => {
        const season = field.value as AreaSeason | null | undefined
        return (
          <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2" aria-describedby={hintId}>
            <legend className="px-1 text-sm font-semibold">Season</legend>
            <SelectField
              label="Takes bookings from"
              value={season ? String(season.from) : ALL_YEAR}
              options={[{ value: ALL_YEAR, label: 'All year' }, ...MONTH_OPTIONS]}
              error={error}
              onChange={(event) => {
                const from = event.target.value
                field.onChange(from === ALL_YEAR ? null : { from: Number(from), to: season?.to ?? Number(from) })
              }}
              onBlur={field.onBlur}
            />
            {season && (
              <SelectField
                label="Until the end of"
                value={String(season.to)}
                options={MONTH_OPTIONS}
                onChange={(event) => field.onChange({ from: season.from, to: Number(event.target.value) })}
                onBlur={field.onBlur}
              />
            )}
            <p id={hintId} className="text-sm text-muted-foreground sm:col-span-2">
              {closedMonths(season)}
            </p>
          </fieldset>
        )
      }}
    />
  )
}

/** 'Closed from October to March, as on a date closed for rain.' ('Closed in December'), or open every month. */
function closedMonths(season: AreaSeason | null | undefined): string {
  // The month after the last, to the month before the first; a season of all twelve leaves none.
  if (!season || season.to % 12 === season.from - 1) return 'Open every month it is active.'
  const [first, last] = [MONTH_NAMES[season.to % 12], MONTH_NAMES[(season.from + 10) % 12]]
  return `${first === last ? `Closed in ${first}` : `Closed from ${first} to ${last}`}, as on a date closed for rain.`
}

export function AreaDialog({ area, nextOrder, actions, onOpenChange }: { area?: AdminArea; nextOrder: number; actions: TablesActions; onOpenChange: (open: boolean) => void }) {
  const save = area ? actions.updateArea : actions.createArea
  const opened = React.useMemo(() => (area ? areaForm(area) : { ...areaForm(), sortOrder: nextOrder }), [area, nextOrder])
  const form = useForm<AreaForm, unknown, AreaCreate>({ resolver: zodResolver(AreaCreateSchema), defaultValues: opened })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps
  // Someone else may save this area while the form is open: the save carries the version it was read at.
  const versions = useVersionConflict<AreaForm, AdminArea>({ initial: opened, version: area?.version, stale: actions.updateArea.stale, toValues: areaForm })
  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues())
    if (area) {
      actions.updateArea.ask({ title: 'Save this area?', description: 'The plan changes at once.', detail: values.name, confirmLabel: 'Save', variables: { id: area.id, patch: { ...values, version: versions.version } }, returnTo: 'form' })
    } else {
      actions.createArea.ask({ title: 'Add this area?', description: 'You can then draw its tables.', detail: values.name, confirmLabel: 'Add Area', variables: values, returnTo: 'form' })
    }
  })
  const { errors } = form.formState
  const server = save.fieldErrors
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{area ? `Edit ${area.name}` : 'Add Area'}</DialogTitle>
          <DialogDescription>A room or space of the pub: its tables are booked together and can be closed for a date.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <TextField label="Name" autoComplete="off" error={errors.name?.message ?? server.name} {...form.register('name')} />
          <TextField label="Sort order" inputMode="numeric" hint="Areas are listed and offered in this order, smallest first." error={errors.sortOrder?.message ?? server.sortOrder} {...form.register('sortOrder')} />
          <SwitchField control={form.control} name="onlineBookable" label="Bookable online" hint="Off: only staff seat guests here." />
          <SwitchField control={form.control} name="weatherDependent" label="Weather-dependent" hint="An outdoor area you may close for a date when rain is forecast." />
          <SeasonField control={form.control} error={errors.season?.message ?? server.season} />
          <SwitchField control={form.control} name="active" label="Active" />
          <FormDialogFooter submitLabel={area ? 'Save Changes' : 'Add Area'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {area && (
          <FormConflictDialog
            versions={versions}
            fields={AREA_FIELDS}
            form={form}
            schema={AreaCreateSchema}
            save={{ ...actions.updateArea, run: (values: AreaCreate, version) => actions.updateArea.run({ id: area.id, patch: { ...values, version } }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

// ---- Table ----

type TableForm = z.input<typeof TableCreateSchema>
const tableForm = (t: Partial<AdminTable> & { areaId: number }): TableForm => ({
  name: t.name ?? '',
  areaId: t.areaId,
  minCovers: t.minCovers ?? 1,
  maxCovers: t.maxCovers ?? 4,
  onlineBookable: t.onlineBookable ?? true,
  sortOrder: t.sortOrder ?? 0,
  active: t.active ?? true,
  planX: t.planX ?? 0,
  planY: t.planY ?? 0,
  planWidth: t.planWidth ?? 2,
  planHeight: t.planHeight ?? 2,
  shape: t.shape ?? 'rect',
  outOfUseFrom: t.outOfUseFrom ?? null,
})
const TABLE_FIELDS: ConflictFieldLabel[] = [
  { key: 'name', label: 'Name' },
  { key: 'areaId', label: 'Area' },
  { key: 'minCovers', label: 'Smallest party' },
  { key: 'maxCovers', label: 'Largest party' },
  { key: 'shape', label: 'Shape' },
  { key: 'planX', label: 'Across' },
  { key: 'planY', label: 'Down' },
  { key: 'planWidth', label: 'Width' },
  { key: 'planHeight', label: 'Depth' },
  { key: 'sortOrder', label: 'Sort order' },
  { key: 'onlineBookable', label: 'Bookable online' },
  { key: 'active', label: 'Active' },
  { key: 'outOfUseFrom', label: 'Out of use from' },
]

/** The date field of a table or combination out of use from a date: empty is null (in use on every date). */
const OUT_OF_USE_HINT = 'Empty while it is in use. From this date no one is seated at it; the bookings before it stand.'
const outOfUseDate = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : v) }

export function TableDialog({
  table,
  areaId,
  areas,
  nextOrder,
  actions,
  onOpenChange,
}: {
  table?: AdminTable
  areaId: number
  areas: AdminArea[]
  nextOrder: number
  actions: TablesActions
  onOpenChange: (open: boolean) => void
}) {
  const save = table ? actions.updateTable : actions.createTable
  const opened = React.useMemo(() => (table ? tableForm(table) : tableForm({ areaId, sortOrder: nextOrder })), [table, areaId, nextOrder])
  const form = useForm<TableForm, unknown, TableCreate>({ resolver: zodResolver(TableCreateSchema), defaultValues: opened })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps
  // Someone else may save this table while the form is open (or move it on the plan): the save carries the version it was read at.
  const versions = useVersionConflict<TableForm, AdminTable>({ initial: opened, version: table?.version, stale: actions.updateTable.stale, toValues: tableForm })
  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues())
    if (table) {
      actions.updateTable.ask({
        title: 'Save this table?',
        description: 'The plan changes at once; bookings already made keep their tables.',
        detail: values.name,
        confirmLabel: 'Save',
        variables: { id: table.id, patch: { ...values, version: versions.version } },
        returnTo: 'form',
      })
    } else {
      actions.createTable.ask({ title: 'Add this table?', description: 'Guests can be seated at it from now on.', detail: `${values.name} · ${values.minCovers ?? 1}–${values.maxCovers} guests`, confirmLabel: 'Add Table', variables: values, returnTo: 'form' })
    }
  })
  const { errors } = form.formState
  const server = save.fieldErrors
  const err = (key: keyof TableForm) => errors[key]?.message ?? server[key]
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{table ? `Edit ${table.name}` : 'Add Table'}</DialogTitle>
          <DialogDescription>What staff call it, the parties it seats, and where it is drawn on the plan (in grid squares from the top left).</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" autoComplete="off" hint="T4, Snug, G2" error={err('name')} {...form.register('name')} />
            <SelectField label="Area" options={areas.map((a) => ({ value: String(a.id), label: a.name }))} error={err('areaId')} {...form.register('areaId')} />
            <TextField label="Smallest party" inputMode="numeric" error={err('minCovers')} {...form.register('minCovers')} />
            <TextField label="Largest party" inputMode="numeric" error={err('maxCovers')} {...form.register('maxCovers')} />
            <SelectField label="Shape" options={TABLE_SHAPES.map((s) => ({ value: s, label: s === 'rect' ? 'Rectangle' : 'Round' }))} error={err('shape')} {...form.register('shape')} />
            <TextField label="Sort order" inputMode="numeric" hint="Best fit prefers smaller numbers." error={err('sortOrder')} {...form.register('sortOrder')} />
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-4">
            <legend className="mb-2 text-sm font-semibold">Place on the plan</legend>
            <TextField label="Across" inputMode="numeric" error={err('planX')} {...form.register('planX')} />
            <TextField label="Down" inputMode="numeric" error={err('planY')} {...form.register('planY')} />
            <TextField label="Width" inputMode="numeric" error={err('planWidth')} {...form.register('planWidth')} />
            <TextField label="Depth" inputMode="numeric" error={err('planHeight')} {...form.register('planHeight')} />
          </fieldset>
          <SwitchField control={form.control} name="onlineBookable" label="Bookable online" hint="Off: only staff seat guests here." />
          <SwitchField control={form.control} name="active" label="Active" hint="An inactive table is kept with its bookings but not offered." />
          <TextField label="Out of use from" type="date" hint={OUT_OF_USE_HINT} error={err('outOfUseFrom')} {...form.register('outOfUseFrom', outOfUseDate)} />
          <FormDialogFooter submitLabel={table ? 'Save Changes' : 'Add Table'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {table && (
          <FormConflictDialog
            versions={versions}
            fields={TABLE_FIELDS}
            form={form}
            schema={TableCreateSchema}
            save={{ ...actions.updateTable, run: (values: TableCreate, version) => actions.updateTable.run({ id: table.id, patch: { ...values, version } }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

// ---- Combination ----

type CombinationForm = z.input<typeof CombinationCreateSchema>
const combinationForm = (c?: AdminCombination): CombinationForm => ({
  name: c?.name ?? '',
  tableIds: c?.tableIds ?? [],
  minCovers: c?.minCovers ?? 1,
  maxCovers: c?.maxCovers ?? 6,
  onlineBookable: c?.onlineBookable ?? true,
  sortOrder: c?.sortOrder ?? 0,
  active: c?.active ?? true,
  outOfUseFrom: c?.outOfUseFrom ?? null,
})

export function CombinationDialog({
  combination,
  tables,
  nextOrder,
  actions,
  onOpenChange,
}: {
  combination?: AdminCombination
  /** The area's tables, the ones that can be joined. */
  tables: AdminTable[]
  nextOrder: number
  actions: TablesActions
  onOpenChange: (open: boolean) => void
}) {
  const save = combination ? actions.updateCombination : actions.createCombination
  const opened = React.useMemo(() => (combination ? combinationForm(combination) : { ...combinationForm(), sortOrder: nextOrder }), [combination, nextOrder])
  const form = useForm<CombinationForm, unknown, CombinationCreate>({ resolver: zodResolver(CombinationCreateSchema), defaultValues: opened })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps
  const names = React.useCallback((ids: readonly unknown[]) => tables.filter((t) => ids.includes(t.id)).map((t) => t.name), [tables])
  // Someone else may save this combination while the form is open: the save carries the version it was read at.
  const versions = useVersionConflict<CombinationForm, AdminCombination>({ initial: opened, version: combination?.version, stale: actions.updateCombination.stale, toValues: combinationForm })
  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues())
    const detail = values.name || names(values.tableIds).join(' + ')
    if (combination) {
      actions.updateCombination.ask({ title: 'Save this combination?', description: 'The plan changes at once.', detail, confirmLabel: 'Save', variables: { id: combination.id, patch: { ...values, version: versions.version } }, returnTo: 'form' })
    } else {
      actions.createCombination.ask({
        title: 'Join these tables?',
        description: 'Parties of this size can be seated at them together.',
        detail: `${detail} · ${values.minCovers ?? 1}–${values.maxCovers} guests`,
        confirmLabel: 'Add Combination',
        variables: values,
        returnTo: 'form',
      })
    }
  })
  // The tables are named in the conflict dialog; one list for as long as the area's tables stay the same.
  const conflictFields = React.useMemo<ConflictFieldLabel[]>(
    () => [
      { key: 'name', label: 'Name' },
      { key: 'tableIds', label: 'Tables', format: (ids) => names((ids as number[]) ?? []).join(' + ') },
      { key: 'minCovers', label: 'Smallest party' },
      { key: 'maxCovers', label: 'Largest party' },
      { key: 'onlineBookable', label: 'Bookable online' },
      { key: 'active', label: 'Active' },
      { key: 'outOfUseFrom', label: 'Out of use from' },
    ],
    [names],
  )
  const { errors } = form.formState
  const server = save.fieldErrors
  const picked = form.watch('tableIds') ?? []
  return (
    <Dialog open onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{combination ? `Edit ${combination.name}` : 'Add Combination'}</DialogTitle>
          <DialogDescription>Tables of one area that staff push together, with the parties they seat together: two four-tops may seat six, not eight.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <fieldset aria-describedby={errors.tableIds || server.tableIds ? 'combination-tables-error' : undefined}>
            <legend className="mb-2 text-sm font-semibold">Tables joined</legend>
            <Controller
              control={form.control}
              name="tableIds"
              render={({ field }) => (
                <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {tables.map((t) => {
                    const checked = (field.value as number[]).includes(t.id)
                    return (
                      <li key={t.id} className="flex items-center gap-2">
                        <Checkbox
                          id={`join-${t.id}`}
                          checked={checked}
                          disabled={!t.active}
                          onCheckedChange={(on) => field.onChange(on ? [...(field.value as number[]), t.id] : (field.value as number[]).filter((id) => id !== t.id))}
                        />
                        <Label htmlFor={`join-${t.id}`} className="font-normal">
                          {t.name} <span className="text-muted-foreground">({t.maxCovers})</span>
                          {!t.active && <span className="sr-only"> (inactive)</span>}
                        </Label>
                      </li>
                    )
                  })}
                </ul>
              )}
            />
            <FieldError id="combination-tables-error" error={(errors.tableIds as { message?: string } | undefined)?.message ?? server.tableIds} />
          </fieldset>
          <TextField label="Name" autoComplete="off" placeholder={names(picked).join(' + ') || 'T4 + T5'} hint="Left blank, it is named after its tables." error={errors.name?.message ?? server.name} {...form.register('name')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Smallest party" inputMode="numeric" error={errors.minCovers?.message ?? server.minCovers} {...form.register('minCovers')} />
            <TextField label="Largest party" inputMode="numeric" error={errors.maxCovers?.message ?? server.maxCovers} {...form.register('maxCovers')} />
          </div>
          <SwitchField control={form.control} name="onlineBookable" label="Bookable online" />
          <SwitchField control={form.control} name="active" label="Active" />
          <TextField label="Out of use from" type="date" hint={OUT_OF_USE_HINT} error={errors.outOfUseFrom?.message ?? server.outOfUseFrom} {...form.register('outOfUseFrom', outOfUseDate)} />
          <FormDialogFooter submitLabel={combination ? 'Save Changes' : 'Add Combination'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {combination && (
          <FormConflictDialog
            versions={versions}
            fields={conflictFields}
            form={form}
            schema={CombinationCreateSchema}
            save={{ ...actions.updateCombination, run: (values: CombinationCreate, version) => actions.updateCombination.run({ id: combination.id, patch: { ...values, version } }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
