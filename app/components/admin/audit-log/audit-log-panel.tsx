import { useInfiniteQuery } from '@tanstack/react-query'
import * as React from 'react'
import { AUDIT_ENTITY_TYPES } from '#common/audit-schema'
import { SelectField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { everyFrame } from '~/components/ui/focus-when-ready'
import { fetchAuditPage, staffKeys, type AuditFilters } from '~/lib/queries/staff'
import { EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { AuditEntries } from './audit-entries'

const TYPE_OPTIONS = [{ value: '', label: 'Everything' }, ...Object.entries(AUDIT_ENTITY_TYPES).map(([value, label]) => ({ value, label }))]

/** Audit Log (owners and managers): who changed what and when, newest first, filtered, with each change's fields. */
export default function AuditLogPanel() {
  const [filters, setFilters] = React.useState<AuditFilters>({})
  const log = useInfiniteQuery({
    queryKey: [...staffKeys.audit, filters],
    queryFn: ({ pageParam }) => fetchAuditPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
  const entries = React.useMemo(() => log.data?.pages.flatMap((p) => p.entries) ?? [], [log.data])
  // Whoever appears in what is loaded can be picked, to see only their changes.
  const seen = React.useMemo(() => {
    const people = new Map<number, string>()
    for (const e of entries) if (e.userId !== null) people.set(e.userId, e.username)
    return [...people].sort((a, b) => a[1].localeCompare(b[1]))
  }, [entries])
  // The first of the older changes takes focus once they are in, as a keyboard or screen-reader user reads on from
  // there (and the button goes when there are no more), unless they went somewhere else meanwhile.
  const older = React.useRef<HTMLButtonElement>(null)
  const lines = React.useRef<HTMLDivElement>(null)
  async function showOlder() {
    const first = entries.length
    await log.fetchNextPage()
    everyFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body && active !== older.current) return true
      const details = lines.current?.querySelectorAll('[data-testid=audit-line]')[first]?.querySelector('button')
      details?.focus()
      return !!details
    }, 3000)
  }
  const set = (key: keyof AuditFilters, value: string) => setFilters((f) => ({ ...f, [key]: key === 'userId' ? (value ? Number(value) : undefined) : value || undefined }))

  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <PanelHeader titleId="audit-title" title="Audit Log" description="Every change in the back-office and by guests through their booking link: who, when, and what it was before and after." />
      <form className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <SelectField label="What" options={TYPE_OPTIONS} value={filters.entityType ?? ''} onChange={(e) => set('entityType', e.target.value)} />
        <SelectField
          label="Who"
          options={[{ value: '', label: 'Anyone' }, ...seen.map(([id, name]) => ({ value: String(id), label: name }))]}
          value={filters.userId ? String(filters.userId) : ''}
          onChange={(e) => set('userId', e.target.value)}
        />
        <TextField label="From" type="date" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        <TextField label="To" type="date" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} />
      </form>
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState message="The audit log could not be loaded." onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No changes found">{Object.values(filters).some(Boolean) ? 'Try other filters.' : 'Changes appear here as staff make them.'}</EmptyState>
      ) : (
        <>
          <div ref={lines}>
            <AuditEntries entries={entries} label="Changes, newest first" />
          </div>
          {log.hasNextPage && (
            <div className="text-center">
              <Button type="button" variant="outline" ref={older} onClick={() => void showOlder()} pending={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? 'Loading...' : 'Show Older Changes'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
