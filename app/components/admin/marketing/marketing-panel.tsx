import { useQuery } from '@tanstack/react-query'
import { Check, Copy, Download, Mail, Search } from 'lucide-react'
import * as React from 'react'
import { MARKETING_MESSAGES as M, searchMarketing, type MarketingEmail } from '#common/marketing'
import { formatInstant } from '#common/time'
import { Button } from '~/components/ui/button'
import { buttonVariants } from '~/components/ui/button-variants'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { MARKETING_EXPORT_URL, marketingQuery } from '~/lib/queries/marketing'
import { AdminContext } from '../admin-context'
import { EmptyState, ErrorState, LoadingState, PanelHeader } from '../panel'
import { MarketingSummary } from './marketing-summary'
import { useCopied } from './use-copied'

const ALL = 'all'

function CopiedIcon({ copied }: { copied: boolean }) {
  return copied ? <Check aria-hidden="true" className="text-emerald-700" /> : <Copy aria-hidden="true" />
}

function EmailRow({ row, copied, onCopy }: { row: MarketingEmail; copied: boolean; onCopy: () => void }) {
  const { venueTimezone } = React.useContext(AdminContext)
  return (
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 px-4 py-3 sm:table-row sm:p-0" data-testid="marketing-row">
      <td className="font-semibold sm:px-4 sm:py-3">{row.name}</td>
      <td className="min-w-0 break-all text-sm sm:px-4 sm:py-3">
        <a href={`mailto:${row.email}`} className="underline-offset-4 hover:underline">
          {row.email}
        </a>
      </td>
      <td className="text-sm text-muted-foreground sm:px-4 sm:py-3 sm:text-foreground">
        <span className="sm:hidden">First opted in </span>
        {formatInstant(row.createdAt, venueTimezone)}
      </td>
      <td className="text-sm text-muted-foreground sm:px-4 sm:py-3 sm:text-foreground">
        <span className="sm:hidden">Last reservation </span>
        {row.lastReservation ? formatInstant(row.lastReservation, venueTimezone) : '—'}
      </td>
      <td className="col-start-2 row-span-4 row-start-1 self-center sm:px-4 sm:py-3 sm:text-right">
        <Button type="button" size="sm" variant="ghost" onClick={onCopy} aria-label={copied ? `Copied ${row.email}` : `Copy ${row.email}`}>
          <CopiedIcon copied={copied} />
          <span className="hidden lg:inline">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </td>
    </tr>
  )
}

/**
 * Marketing Emails (SPEC.md section 2): the guests who opted in to offers and
 * have not unsubscribed, to copy into a newsletter or export as a CSV file.
 */
export default function MarketingPanel() {
  const list = useQuery(marketingQuery)
  const [search, setSearch] = React.useState('')
  const { copied, copy } = useCopied()
  const rows = React.useMemo(() => searchMarketing(list.data ?? [], search), [list.data, search])
  const total = list.data?.length ?? 0

  return (
    <section aria-labelledby="marketing-title" className="space-y-5">
      <PanelHeader
        titleId="marketing-title"
        title="Marketing Emails"
        description="Guests who asked for special offers and updates when they booked. Anyone who unsubscribes leaves the list."
        actions={
          <>
            <Button
              type="button"
              variant="outline"
              disabled={rows.length === 0}
              onClick={() => void copy(ALL, rows.map((r) => r.email).join(', '))}
              aria-label={copied === ALL ? `Copied ${rows.length} emails` : `${M.copyAll} (${rows.length} emails)`}
            >
              <CopiedIcon copied={copied === ALL} />
              {copied === ALL ? 'Copied' : M.copyAll}
            </Button>
            {total > 0 ? (
              <a href={MARKETING_EXPORT_URL} download className={buttonVariants()}>
                <Download aria-hidden="true" />
                {M.exportCsv}
              </a>
            ) : (
              <Button type="button" disabled>
                <Download aria-hidden="true" />
                {M.exportCsv}
              </Button>
            )}
          </>
        }
      />
      <p aria-live="polite" className="sr-only">
        {copied === ALL ? `${rows.length} emails copied` : copied ? `${copied} copied` : ''}
      </p>

      <div className="grid gap-1 rounded-lg border border-border bg-card p-3 sm:max-w-md sm:p-4">
        <Label htmlFor="marketing-search">Search by name or email</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="marketing-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
        </div>
      </div>

      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message="The marketing list could not be loaded." onRetry={() => void list.refetch()} />
      ) : total === 0 ? (
        <EmptyState title={M.empty} icon={<Mail className="size-8 text-muted-foreground" aria-hidden="true" />}>
          {M.emptyText}
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState title={M.noMatch}>{M.noMatchText}</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-lg border border-border bg-card">
          <table className="block w-full text-left sm:table">
            <caption className="sr-only">Guests who opted in to marketing emails</caption>
            <thead className="sr-only sm:not-sr-only sm:table-header-group sm:bg-muted">
              <tr className="text-sm">
                <th scope="col" className="px-4 py-2 font-semibold">
                  Customer
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Email
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  First Opted In
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Last Reservation
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  <span className="sr-only">Copy</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-border sm:table-row-group">
              {rows.map((row) => (
                <EmailRow key={row.email} row={row} copied={copied === row.email} onCopy={() => void copy(row.email, row.email)} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {list.data && total > 0 && (
        <>
          {search.trim() && <p className="text-sm font-semibold">{`Showing ${rows.length} of ${total}`}</p>}
          <MarketingSummary rows={list.data} />
        </>
      )}
    </section>
  )
}
