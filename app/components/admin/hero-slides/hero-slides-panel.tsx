import { useQuery } from '@tanstack/react-query'
import { ImagePlus } from 'lucide-react'
import * as React from 'react'
import type { HeroSlideRow } from '#common/hero-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { useCan } from '~/lib/current-user'
import { heroSlidesQuery } from '~/lib/queries/hero'
import { ConfirmDialog } from '../confirm'
import { ItemActions, onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { asInput, useHeroActions } from './use-hero-actions'

// The form loads when staff first reach for Add Slide or Edit.
const SlideDialog = lazyDialog(() => import('./slide-dialog').then((m) => m.SlideDialog))

/** A slide's row. Each action only for a role that may take it: without it, its control is not offered. */
function SlideItem({ slide: s, onToggle, onEdit, onDelete }: { slide: HeroSlideRow; onToggle?: () => void; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <li>
      <article aria-labelledby={`slide-${s.id}-title`} className="grid gap-4 p-4 sm:grid-cols-[12rem_1fr] lg:grid-cols-[12rem_1fr_auto]" data-testid={`slide-${s.id}`}>
        <img src={s.image} alt="" width={384} height={216} loading="lazy" className={`aspect-video h-auto w-full rounded-md border object-cover ${s.isActive ? '' : 'opacity-60 grayscale'}`} />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span id={`slide-${s.id}-title`} className="font-display text-lg font-semibold">
              {s.title}
            </span>
            <Badge variant={s.isActive ? 'success' : 'danger'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
            <Badge variant="outline">Order {s.order}</Badge>
          </p>
          <p className="font-semibold">{s.subtitle}</p>
          <p className="text-sm text-muted-foreground">{s.description}</p>
          {s.buttons.length > 0 && (
            <ul className="flex flex-wrap gap-2 pt-1" aria-label="Buttons">
              {s.buttons.map((b, i) => (
                <li key={i} className="rounded-full bg-muted px-3 py-1 text-xs font-semibold">
                  {b.text} → {b.link}
                </li>
              ))}
            </ul>
          )}
        </div>
        <ItemActions
          label={s.title}
          active={{ id: `slide-active-${s.id}`, checked: s.isActive, onToggle }}
          onEdit={onEdit}
          onDelete={onDelete}
          preload={SlideDialog.preload}
          className="sm:col-span-2 lg:col-span-1 lg:flex-col lg:items-end"
          switchClassName="lg:mr-0"
        />
      </article>
    </li>
  )
}

/**
 * Hero Slides (SPEC.md section 2): the home page's rotating slides, every one of them, active or not.
 * Managers and owners change them; staff see them.
 */
export default function HeroSlidesPanel() {
  const canWrite = useCan('content.write')
  const canDelete = useCan('content.delete')
  const slides = useQuery(heroSlidesQuery)
  const [editing, setEditing] = React.useState<HeroSlideRow | 'new' | null>(null)
  const actions = useHeroActions({ onSaved: () => setEditing(null) })

  return (
    <section aria-labelledby="hero-slides-title" className="space-y-5">
      <PanelHeader
        titleId="hero-slides-title"
        title="Hero Slides"
        description={`The pictures and words at the top of the home page. Active slides show in order; with none, the site shows its own three.${canWrite ? '' : ` ${ADMIN_MESSAGES.managerChanges('them')}`}`}
        actions={
          canWrite && (
            <Button type="button" onClick={() => setEditing('new')} {...SlideDialog.preloadProps}>
              <ImagePlus aria-hidden="true" />
              Add Slide
            </Button>
          )
        }
      />
      <QueryView
        query={slides}
        errorMessage="The slides could not be loaded."
        empty={(list) => list.length === 0 && <EmptyState title="No slides yet">The home page shows its three built-in slides until you add one.</EmptyState>}
      >
        {(list) => (
          <ul className="divide-y divide-border rounded-lg border border-border bg-card">
            {list.map((s) => (
              <SlideItem
                key={s.id}
                slide={s}
                onEdit={onlyIf(canWrite, () => setEditing(s))}
                onToggle={onlyIf(canWrite, () =>
                  actions.update.ask({
                    title: s.isActive ? 'Hide this slide?' : 'Show this slide?',
                    description: s.isActive ? 'The home page stops showing it at once. You can turn it back on.' : 'The home page shows it at once, in its order.',
                    detail: s.title,
                    confirmLabel: s.isActive ? 'Hide' : 'Show',
                    variables: { id: s.id, values: { ...asInput(s), isActive: !s.isActive }, version: s.version },
                  }),
                )}
                onDelete={onlyIf(canDelete, () =>
                  actions.remove.ask({
                    title: 'Delete this slide?',
                    description: 'The slide goes from the home page for good. This action cannot be undone.',
                    detail: s.title,
                    confirmLabel: 'Delete',
                    destructive: true,
                    variables: s.id,
                  }),
                )}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {editing !== null && (
        <SlideDialog.Component
          open
          onOpenChange={(open) => !open && setEditing(null)}
          slide={editing === 'new' ? undefined : editing}
          nextOrder={slides.data?.length ?? 0}
          actions={actions}
        />
      )}
      <ConfirmDialog {...actions.create.dialog} />
      <ConfirmDialog {...actions.update.dialog} />
      <ConfirmDialog {...actions.remove.dialog} />
    </section>
  )
}
