import { useQuery } from '@tanstack/react-query'
import { Monitor, RefreshCw, Smartphone } from 'lucide-react'
import * as React from 'react'
import { EMAIL_TEMPLATE_MESSAGES as M } from '#common/email'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { previewQuery, type EmailTemplateRow } from '~/lib/queries/email'
import { cn } from '~/lib/utils'

/**
 * The preview (SPEC.md section 2): the template filled with sample data, as a
 * guest's mail app would show it, in a sandboxed frame (no scripts), at a
 * phone's width or a desktop's; refreshed on demand and after every save.
 */
export function PreviewDialog({ template, onOpenChange }: { template: EmailTemplateRow | null; onOpenChange: (open: boolean) => void }) {
  const [width, setWidth] = React.useState<'phone' | 'desktop'>('desktop')
  const preview = useQuery({ ...previewQuery(template?.id ?? 0), enabled: template !== null })
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Preview: {template?.name}</DialogTitle>
          <DialogDescription>Filled in with sample details. Guests get their own.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void preview.refetch()} pending={preview.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(preview.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          <div role="group" aria-label="Width" className="flex gap-1 rounded-md bg-muted p-1">
            {(['phone', 'desktop'] as const).map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={width === w}
                onClick={() => setWidth(w)}
                className={cn('flex items-center gap-1 rounded-sm px-2 py-1 text-sm', width === w && 'bg-background shadow-sm')}
              >
                {w === 'phone' ? <Smartphone className="size-4" aria-hidden="true" /> : <Monitor className="size-4" aria-hidden="true" />}
                {w === 'phone' ? 'Phone' : 'Desktop'}
              </button>
            ))}
          </div>
        </div>
        <div className="flex justify-center rounded-md border border-border bg-muted p-2">
          {preview.isError ? (
            <div role="alert" className="flex h-[60vh] w-full flex-col items-center justify-center gap-2 bg-card p-6 text-center">
              <p className="font-display text-xl font-semibold">{M.previewErrorTitle}</p>
              <p className="text-sm text-muted-foreground">{M.previewErrorText}</p>
            </div>
          ) : preview.data === undefined ? (
            <p role="status" className="flex h-[60vh] items-center text-muted-foreground">
              Loading...
            </p>
          ) : (
            <iframe
              title={`Email preview: ${template?.name}`}
              sandbox=""
              srcDoc={preview.data}
              className="h-[60vh] max-w-full border-0 bg-white"
              style={{ width: width === 'phone' ? 390 : 800 }}
            />
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}
