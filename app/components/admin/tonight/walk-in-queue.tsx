import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Phone } from 'lucide-react'
import { ADMIN_MESSAGES } from '#common/messages'
import { queuePartyText, waitedText, type QueueEntry } from '#common/walk-in-queue-schema'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { apiRequest } from '~/lib/api'
import { fetchWalkInQueue, refusalOf, walkInQueueKeys } from '~/lib/queries/tonight'
import { telHref } from '~/lib/tel'
import { cn } from '~/lib/utils'
import { ErrorState } from '../panel'
import { tablesText } from '../reservations/seating-text'

/** Gone, or back in the queue, at the version this screen read; a refusal (someone seated them meanwhile) in the server's words. */
function useQueueStep(entry: QueueEntry) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: (status: 'left' | 'waiting') => apiRequest<QueueEntry>('PATCH', `/api/admin/walk-in-queue/${entry.id}`, { status, version: entry.version }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walkInQueueKeys.all }),
  })
  return {
    take: (status: 'left' | 'waiting') => mutation.mutate(status),
    pending: mutation.isPending,
    refusal: mutation.isError ? refusalOf(mutation.error, ADMIN_MESSAGES.errorFallback) : null,
  }
}

function WaitingRow({ entry, place, nowMinutes, onSeat }: { entry: QueueEntry; place: number; nowMinutes: number; onSeat: (entry: QueueEntry) => void }) {
  const step = useQueueStep(entry)
  const who = queuePartyText(entry)
  const waited = waitedText(entry, nowMinutes)
  return (
    <li
      className={cn('grid gap-2 rounded-lg border bg-card p-3 sm:flex sm:items-start sm:justify-between', entry.freeNow ? 'border-emerald-700' : 'border-border')}
      data-testid={`queue-${entry.id}`}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-display text-lg font-semibold tabular-nums" aria-hidden="true">
            {place}.
          </span>
          <span className="font-semibold">{who}</span>
          <span className="text-sm text-muted-foreground">joined {entry.joinedTime}</span>
          {waited.over > 0 && (
            <Badge variant="warning" data-testid="queue-over-quote">
              Over the quote
            </Badge>
          )}
        </p>
        <p className={cn('text-sm', waited.over > 0 && 'font-semibold text-amber-900')} data-testid="queue-waited">
          {waited.text}
        </p>
        {entry.phone && (
          <p className="text-sm">
            <a href={telHref(entry.phone)} className="inline-flex items-center gap-1 underline underline-offset-2">
              <Phone className="size-3.5" aria-hidden="true" />
              {entry.phone}
            </a>
          </p>
        )}
        {entry.notes && <p className="text-sm text-muted-foreground">{entry.notes}</p>}
        {entry.freeNow && (
          <p className="text-sm font-semibold text-emerald-800" data-testid="queue-free-now">
            {tablesText(entry.freeNow)} is free for them now
          </p>
        )}
        {step.refusal && (
          <p role="alert" className="text-sm font-semibold text-destructive">
            {step.refusal}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="lg" variant={entry.freeNow ? 'brass' : 'outline'} aria-label={`Seat ${who}`} onClick={() => onSeat(entry)}>
          Seat
        </Button>
        <Button type="button" size="lg" variant="outline" aria-label={`Gone: ${who} left without a table`} pending={step.pending} onClick={() => step.take('left')}>
          Gone
        </Button>
      </div>
    </li>
  )
}

function DoneRow({ entry }: { entry: QueueEntry }) {
  const step = useQueueStep(entry)
  const who = queuePartyText(entry)
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid={`queue-${entry.id}`}>
      <span>
        <span className="font-semibold">{who}</span>: {entry.status === 'seated' ? `seated at ${entry.doneTime}` : `gone at ${entry.doneTime}`}
        {entry.quotedMinutes !== null && `, quoted ${entry.quotedMinutes}`}
      </span>
      {entry.status === 'left' && (
        <Button type="button" size="sm" variant="outline" aria-label={`Back in the queue: ${who}`} pending={step.pending} onClick={() => step.take('waiting')}>
          Back in the queue
        </Button>
      )}
      {step.refusal && (
        <p role="alert" className="w-full font-semibold text-destructive">
          {step.refusal}
        </p>
      )}
    </li>
  )
}

/**
 * The walk-in queue on Tonight (docs/decisions/0053): the parties waiting at
 * the bar in the order they came, how long each has waited against the wait
 * quoted, and the table free for them now, if any; Seat opens Walk-in for
 * them, Gone takes them off (and Back in the queue puts them back in their
 * place). Shown once anyone has queued today; Walk-in adds a party to it.
 */
export function WalkInQueue({ date, nowMinutes, onSeat }: { date: string; nowMinutes: number; onSeat: (entry: QueueEntry) => void }) {
  const queue = useQuery({
    queryKey: walkInQueueKeys.day(date),
    queryFn: fetchWalkInQueue,
    // Live changes of the date read it again; the minute read keeps 'free now' true as bookings' times come round.
    refetchInterval: 60_000,
    staleTime: 0,
  })
  // A failed first read says so (a later one keeps the list it had): a queue nobody can see is a party forgotten at the bar.
  if (queue.isError && !queue.data) return <ErrorState message="The walk-in queue could not be loaded." onRetry={() => void queue.refetch()} />
  const entries = queue.data?.entries ?? []
  if (entries.length === 0) return null
  const waiting = entries.filter((e) => e.status === 'waiting')
  const done = entries.filter((e) => e.status !== 'waiting')
  return (
    <section aria-labelledby="tonight-queue-title" className="space-y-2" data-testid="walk-in-queue">
      <h2 id="tonight-queue-title" className="font-display text-lg font-semibold">
        Waiting for a table <span className="font-normal text-muted-foreground">({waiting.length})</span>
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-muted-foreground">No one is waiting now.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Waiting for a table, first come first">
          {waiting.map((e, i) => (
            <WaitingRow key={e.id} entry={e} place={i + 1} nowMinutes={nowMinutes} onSeat={onSeat} />
          ))}
        </ol>
      )}
      {done.length > 0 && (
        <details className="rounded-lg border border-border bg-card/60 p-3">
          <summary className="cursor-pointer text-sm font-semibold">Seated and gone ({done.length})</summary>
          <ul className="mt-2 grid gap-2">
            {done.map((e) => (
              <DoneRow key={e.id} entry={e} />
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
