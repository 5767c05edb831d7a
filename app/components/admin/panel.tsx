/** The frame every admin panel shares: its heading and actions, and its loading, empty and error states. */
import * as React from 'react'
import { cn } from '~/lib/utils'

export function PanelHeader({ title, description, actions, titleId }: { title: React.ReactNode; description?: React.ReactNode; actions?: React.ReactNode; titleId: string }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 id={titleId} className="font-display text-2xl font-bold leading-tight">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2 print:hidden">{actions}</div>}
    </header>
  )
}

export function LoadingState({ children = 'Loading...' }: { children?: React.ReactNode }) {
  return (
    <p role="status" className="py-8 text-center text-muted-foreground">
      {children}
    </p>
  )
}

export function EmptyState({ title, children, icon }: { title: string; children?: React.ReactNode; icon?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card px-6 py-12 text-center">
      {icon}
      <p className="font-display text-lg font-semibold">{title}</p>
      {children && <p className="text-sm text-muted-foreground">{children}</p>}
    </div>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      <p className="font-semibold">{message}</p>
      {onRetry && (
        <button type="button" className="mt-1 underline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  )
}

/** A small count beside a heading or a sidebar link. */
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-6 items-center justify-center rounded-full bg-brass px-2 py-0.5 text-xs font-bold text-forest-dark', className)}>
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  )
}

/** One line of a details dialog's list (a `<dl>`): the label, then the value as written, line breaks kept. */
export function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2 last:border-0 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-line break-words">{children}</dd>
    </div>
  )
}

/**
 * A list read with TanStack Query, in its four states: loading, an error with
 * Try again, empty (what `empty` returns for the data, when it returns
 * something), and the list itself.
 */
export function QueryView<T>({
  query,
  errorMessage,
  loading,
  empty,
  keepDataOnError = false,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }
  /** 'The slides could not be loaded.' */
  errorMessage: string
  /** The loading line's words ('Loading...' unless given). */
  loading?: React.ReactNode
  /** What shows instead of the list when there is nothing to list; nothing (false, null) shows the list. */
  empty?: (data: T) => React.ReactNode
  /** A failed refetch keeps the list that was there (a list paged or filtered with placeholder data). */
  keepDataOnError?: boolean
  children: (data: T) => React.ReactNode
}) {
  if (query.isPending) return <LoadingState>{loading}</LoadingState>
  if (query.isError && (query.data === undefined || !keepDataOnError)) {
    return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />
  }
  if (query.data === undefined) return null
  const emptyView = empty?.(query.data)
  return <>{emptyView || children(query.data)}</>
}


/** One line of a card's details (a `<dl>`): an icon standing for its label (read out to screen readers), then the value. */
export function IconDetail({
  icon: Icon,
  label,
  className,
  valueClassName,
  children,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>
  label: string
  className?: string
  valueClassName?: string
  children: React.ReactNode
}) {
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <dt>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  )
}
