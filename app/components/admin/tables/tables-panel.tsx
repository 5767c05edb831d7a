import { useQuery } from '@tanstack/react-query'
import { LayoutGrid, Plus } from 'lucide-react'
import * as React from 'react'
import type { AdminArea } from '#common/tables-schema'
import { Button } from '~/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { useCan } from '~/lib/current-user'
import { areasQuery, combinationsQuery, diningTablesQuery } from '~/lib/queries/tables'
import { ConfirmDialog } from '../confirm'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { AreaSection } from './area-section'
import { TestBooking } from './test-booking'
import { TurnTimesSection } from './turn-times-editor'
import { useTablesActions } from './use-tables-actions'

const AreaDialog = lazyDialog(() => import('./plan-dialogs').then((m) => m.AreaDialog))

/** Reads the three lists together: the panel shows once it has all of them. */
function useFloorPlan() {
  const areas = useQuery(areasQuery)
  const tables = useQuery(diningTablesQuery)
  const combinations = useQuery(combinationsQuery)
  const all = [areas, tables, combinations]
  return {
    isPending: all.some((q) => q.isPending),
    isError: all.some((q) => q.isError),
    data: areas.data && tables.data && combinations.data ? { areas: areas.data, tables: tables.data, combinations: combinations.data } : undefined,
    refetch: () => all.forEach((q) => void q.refetch()),
  }
}

/**
 * Tables & Areas (issue 34): the floor plan the booking engine seats guests
 * by. Managers and owners draw it; staff see it read-only during service.
 */
export default function TablesPanel() {
  const canEdit = useCan('tables.manage')
  const plan = useFloorPlan()
  const [areaId, setAreaId] = React.useState<string>('')
  const [editingArea, setEditingArea] = React.useState<AdminArea | 'new' | null>(null)
  // Each successful save closes the form that made it (in this panel or in an area's section).
  const [saves, setSaves] = React.useState(0)
  const actions = useTablesActions({
    onSaved: () => {
      setEditingArea(null)
      setSaves((n) => n + 1)
    },
  })
  const areas = plan.data?.areas ?? []
  const shown = areas.find((a) => String(a.id) === areaId) ?? areas[0]

  return (
    <section aria-labelledby="tables-title" className="space-y-5">
      <PanelHeader
        titleId="tables-title"
        title="Tables & Areas"
        description={
          canEdit
            ? 'The rooms, tables and joined tables guests are seated at, how long each party keeps its table, and the dates an area is closed. Once one active table exists, bookings take tables rather than counting covers.'
            : 'The rooms, tables and joined tables guests are seated at. A manager changes the plan.'
        }
        actions={
          canEdit && (
            <Button type="button" onClick={() => setEditingArea('new')} {...AreaDialog.preloadProps}>
              <Plus aria-hidden="true" />
              Add Area
            </Button>
          )
        }
      />
      <QueryView
        query={plan}
        errorMessage="The floor plan could not be loaded."
        empty={(data) =>
          data.areas.length === 0 && (
            <EmptyState title="No areas yet" icon={<LayoutGrid aria-hidden="true" className="size-8 text-muted-foreground" />}>
              Bookings count covers until a table is drawn. {canEdit ? 'Add an area, then its tables.' : ''}
            </EmptyState>
          )
        }
      >
        {(data) => (
          <Tabs value={shown ? String(shown.id) : ''} onValueChange={setAreaId}>
            <TabsList className="flex h-auto flex-wrap justify-start" aria-label="Areas">
              {data.areas.map((a) => (
                <TabsTrigger key={a.id} value={String(a.id)}>
                  {a.name}
                  <span className="ml-1 text-muted-foreground">({a.tableCount})</span>
                </TabsTrigger>
              ))}
            </TabsList>
            {data.areas.map((a) => (
              <TabsContent key={a.id} value={String(a.id)} className="mt-4">
                <AreaSection
                  key={saves}
                  area={a}
                  areas={data.areas}
                  tables={data.tables.filter((t) => t.areaId === a.id)}
                  combinations={data.combinations.filter((c) => c.areaId === a.id)}
                  canEdit={canEdit}
                  actions={actions}
                  onEditArea={() => setEditingArea(a)}
                />
              </TabsContent>
            ))}
          </Tabs>
        )}
      </QueryView>
      <TurnTimesSection canEdit={canEdit} actions={actions} />
      <TestBooking />
      {editingArea !== null && (
        <AreaDialog.Component area={editingArea === 'new' ? undefined : editingArea} nextOrder={areas.length} actions={actions} onOpenChange={(open) => !open && setEditingArea(null)} />
      )}
      {Object.entries(actions).map(([name, action]) => (
        <ConfirmDialog key={name} {...action.dialog} />
      ))}
    </section>
  )
}
