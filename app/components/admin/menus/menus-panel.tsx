import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, FilePlus, FileText, Images } from 'lucide-react'
import * as React from 'react'
import { MENU_SETUP_CATEGORIES, MENU_CATEGORIES } from '#common/constants'
import { ADMIN_MESSAGES } from '#common/messages'
import { MENU_CATEGORY_LABELS, MENU_MESSAGES, type MenuSectionRow } from '#common/menu-schema'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { useCan } from '~/lib/current-user'
import { menuSectionsQuery } from '~/lib/queries/menus'
import { ConfirmDialog } from '../confirm'
import { ItemActions, onlyIf } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { useMenuActions } from './use-menu-actions'

// The form loads when staff first reach for Add Menu Section or Edit.
const SectionDialog = lazyDialog(() => import('./section-dialog').then((m) => m.SectionDialog))

/** A menu section's card. Each action only for a role that may take it: without it, its control is not offered. */
function SectionCard({ section: s, onToggle, onEdit, onDelete }: { section: MenuSectionRow; onToggle?: () => void; onEdit?: () => void; onDelete?: () => void }) {
  const cover = s.backgroundImage ?? s.imageUrls[0]
  const shown = s.isActive && (s.imageUrls.length > 0 || Boolean(s.pdfUrl))
  return (
    <article aria-labelledby={`menu-${s.id}-title`} className="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card" data-testid={`menu-section-${s.category}`}>
      {cover ? (
        <img src={cover} alt="" width={480} height={270} loading="lazy" className={`aspect-video h-auto w-full object-cover ${s.isActive ? '' : 'opacity-60 grayscale'}`} />
      ) : (
        <div className="flex aspect-video items-center justify-center bg-muted text-sm text-muted-foreground">No background image</div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-2">
          <span id={`menu-${s.id}-title`} className="font-display text-lg font-semibold">
            {s.name}
          </span>
          <Badge variant="outline">{MENU_CATEGORY_LABELS[s.category]}</Badge>
          <Badge variant={s.isActive ? 'success' : 'danger'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
        </p>
        {s.description && <p className="text-sm text-muted-foreground">{s.description}</p>}
        <ul className="flex flex-wrap gap-3 text-sm">
          <li className="flex items-center gap-1">
            <FileText aria-hidden="true" className="size-4" />
            {s.pdfUrl ? 'PDF' : 'No PDF'}
          </li>
          <li className="flex items-center gap-1">
            <Images aria-hidden="true" className="size-4" />
            {s.imageUrls.length === 1 ? '1 page image' : `${s.imageUrls.length} page images`}
          </li>
        </ul>
        {!shown && <p className="text-sm font-semibold text-amber-900">Not on the menu page: {s.isActive ? 'add a PDF or page images.' : 'inactive.'}</p>}
        <ItemActions
          label={s.name}
          active={{ id: `menu-active-${s.id}`, checked: s.isActive, onToggle }}
          onEdit={onEdit}
          onDelete={onDelete}
          preload={SectionDialog.preload}
          className="mt-auto pt-2"
        />
      </div>
    </article>
  )
}

/**
 * PDF Menus (SPEC.md section 2): a card per menu section, and the categories the public menu still lacks.
 * Managers and owners change them; staff see them.
 */
export default function MenusPanel() {
  const canWrite = useCan('content.write')
  const canDelete = useCan('content.delete')
  const sections = useQuery(menuSectionsQuery)
  const [editing, setEditing] = React.useState<MenuSectionRow | 'new' | null>(null)
  const actions = useMenuActions({ onSaved: () => setEditing(null) })
  const used = new Set(sections.data?.map((s) => s.category))
  const missing = MENU_SETUP_CATEGORIES.filter((c) => !used.has(c))
  const firstFree = MENU_CATEGORIES.find((c) => !used.has(c)) ?? 'food'

  return (
    <section aria-labelledby="menus-title" className="space-y-5">
      <PanelHeader
        titleId="menus-title"
        title="PDF Menu Management"
        description={`The menus guests open on the menu page: page images, a PDF, or both. ${canWrite ? 'One section per category.' : ADMIN_MESSAGES.managerChanges('them')}`}
        actions={
          canWrite && (
            <Button type="button" onClick={() => setEditing('new')} {...SectionDialog.preloadProps}>
              <FilePlus aria-hidden="true" />
              Add Menu Section
            </Button>
          )
        }
      />
      {sections.data && missing.length > 0 && (
        <div role="note" aria-labelledby="menus-setup-title" className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p id="menus-setup-title" className="font-semibold">
              {MENU_MESSAGES.setupTitle}
            </p>
            <p className="text-sm">The menu page has no section yet for:</p>
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Categories with no section">
              {missing.map((c) => (
                <li key={c} className="rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold">
                  {MENU_CATEGORY_LABELS[c]}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <QueryView
        query={sections}
        errorMessage="The menu sections could not be loaded."
        empty={(list) => list.length === 0 && <EmptyState title="No menu sections yet">Add a section for each menu: food, vegan, Sunday and desserts first.</EmptyState>}
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((s) => (
              <li key={s.id}>
                <SectionCard
                  section={s}
                  onEdit={onlyIf(canWrite, () => setEditing(s))}
                  onToggle={onlyIf(canWrite, () =>
                    actions.update.ask({
                      title: s.isActive ? 'Hide this menu?' : 'Show this menu?',
                      description: s.isActive ? 'The menu page stops showing it at once.' : 'The menu page shows it at once, if it has a PDF or page images.',
                      detail: s.name,
                      confirmLabel: s.isActive ? 'Hide' : 'Show',
                      variables: { id: s.id, values: { isActive: !s.isActive }, version: s.version },
                    }),
                  )}
                  onDelete={onlyIf(canDelete, () =>
                    actions.remove.ask({
                      title: 'Delete this menu section?',
                      description: 'It goes from the menu page for good. The uploaded files stay in storage. This action cannot be undone.',
                      detail: s.name,
                      confirmLabel: 'Delete',
                      destructive: true,
                      variables: s.id,
                    }),
                  )}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {editing !== null && (
        <SectionDialog.Component open onOpenChange={(open) => !open && setEditing(null)} section={editing === 'new' ? undefined : editing} defaultCategory={firstFree} actions={actions} />
      )}
      <ConfirmDialog {...actions.create.dialog} />
      <ConfirmDialog {...actions.update.dialog} />
      <ConfirmDialog {...actions.remove.dialog} />
    </section>
  )
}
