import { useQuery } from '@tanstack/react-query'
import { Eye, MailPlus, Sparkles } from 'lucide-react'
import * as React from 'react'
import { EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_KEYS, isKnownTemplateKey } from '#common/email'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { templatesQuery, type EmailTemplateRow } from '~/lib/queries/email'
import { ConfirmDialog } from '../confirm'
import { ItemActions } from '../item-actions'
import { lazyDialog } from '../lazy-dialog'
import { EmptyState, PanelHeader, QueryView } from '../panel'
import { DeliveryLog } from './delivery-log'
import { PreviewDialog } from './preview-dialog'
import { asInput, useTemplateActions } from './use-template-actions'

// The form loads when staff first reach for Create or Edit.
const TemplateDialog = lazyDialog(() => import('./template-dialog').then((m) => m.TemplateDialog))

function TemplateItem({
  template: t,
  onToggle,
  onPreview,
  onEdit,
  onDelete,
}: {
  template: EmailTemplateRow
  onToggle: () => void
  onPreview: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const info = isKnownTemplateKey(t.templateKey) ? EMAIL_TEMPLATE_INFO[t.templateKey] : undefined
  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[1fr_auto] lg:items-center" data-testid={`template-${t.templateKey}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{t.name}</span>
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{t.templateKey}</code>
          {!t.isActive && <Badge variant="danger">Not sent</Badge>}
        </p>
        <p className="truncate text-sm">{t.subject}</p>
        <p className="text-sm text-muted-foreground">{info?.when ?? 'Not sent by the app: no booking or enquiry uses this key.'}</p>
      </div>
      <ItemActions label={t.name} active={{ id: `active-${t.id}`, checked: t.isActive, onToggle }} onEdit={onEdit} onDelete={onDelete} preload={TemplateDialog.preload}>
        <Button type="button" size="sm" variant="outline" onClick={onPreview}>
          <Eye aria-hidden="true" />
          Preview
        </Button>
      </ItemActions>
    </li>
  )
}

/** Email Templates (SPEC.md section 2): the wording of every email the app sends, and the log of what went out. */
export default function EmailTemplatesPanel() {
  const templates = useQuery(templatesQuery)
  const [editing, setEditing] = React.useState<EmailTemplateRow | 'new' | null>(null)
  const [previewing, setPreviewing] = React.useState<EmailTemplateRow | null>(null)
  const actions = useTemplateActions({ onSaved: () => setEditing(null) })
  const missing = EMAIL_TEMPLATE_KEYS.filter((key) => !templates.data?.some((t) => t.templateKey === key))

  return (
    <section aria-labelledby="email-templates-title" className="space-y-5">
      <PanelHeader
        titleId="email-templates-title"
        title="Email Templates"
        description="The wording of the emails guests and staff get. Changes apply to the next email sent."
        actions={
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                actions.quickSetup.ask({
                  title: 'Quick Setup',
                  description:
                    missing.length === 0
                      ? 'Every template the app sends is there already. Nothing will change.'
                      : `Add the ${missing.length} missing ${missing.length === 1 ? 'template' : 'templates'} with their default wording: ${missing.join(', ')}.`,
                  confirmLabel: 'Add templates',
                  variables: undefined,
                })
              }
            >
              <Sparkles aria-hidden="true" />
              Quick Setup
            </Button>
            <Button type="button" onClick={() => setEditing('new')} {...TemplateDialog.preloadProps}>
              <MailPlus aria-hidden="true" />
              Create Template
            </Button>
          </>
        }
      />
      <Tabs defaultValue="templates">
        <TabsList>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="log">Delivery log</TabsTrigger>
        </TabsList>
        <TabsContent value="templates">
          <QueryView
            query={templates}
            errorMessage="The templates could not be loaded."
            empty={(list) => list.length === 0 && <EmptyState title="No email templates">Use Quick Setup to add them with their default wording.</EmptyState>}
          >
            {(list) => (
              <ul className="divide-y divide-border rounded-lg border border-border bg-card">
                {list.map((t) => (
                  <TemplateItem
                    key={t.id}
                    template={t}
                    onPreview={() => setPreviewing(t)}
                    onEdit={() => setEditing(t)}
                    onToggle={() =>
                      actions.update.ask({
                        title: t.isActive ? `Stop sending ${t.name}?` : `Send ${t.name} again?`,
                        description: t.isActive
                          ? `Nothing is sent for ${t.templateKey} until you turn it back on. The delivery log shows each one not sent.`
                          : `The next ${t.templateKey} email will be sent with this template.`,
                        confirmLabel: t.isActive ? 'Turn off' : 'Turn on',
                        variables: { id: t.id, values: { ...asInput(t), isActive: !t.isActive }, version: t.version },
                      })
                    }
                    onDelete={() =>
                      actions.remove.ask({
                        title: 'Delete this template?',
                        description: `Delete ${t.name}? Until Quick Setup adds it back, no ${t.templateKey} email is sent.`,
                        confirmLabel: 'Delete',
                        destructive: true,
                        variables: t.id,
                      })
                    }
                  />
                ))}
              </ul>
            )}
          </QueryView>
        </TabsContent>
        <TabsContent value="log">
          <DeliveryLog />
        </TabsContent>
      </Tabs>
      {editing !== null && (
        <TemplateDialog.Component open onOpenChange={(open) => !open && setEditing(null)} template={editing === 'new' ? undefined : editing} actions={actions} />
      )}
      <PreviewDialog template={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      <ConfirmDialog {...actions.create.dialog} />
      <ConfirmDialog {...actions.update.dialog} />
      <ConfirmDialog {...actions.remove.dialog} />
      <ConfirmDialog {...actions.quickSetup.dialog} />
    </section>
  )
}
