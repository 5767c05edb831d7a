import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { Controller, useForm } from 'react-hook-form'
import { EMAIL_TEMPLATE_INFO, EMAIL_TEMPLATE_MESSAGES, isKnownTemplateKey } from '#common/email'
import { EmailTemplateSchema, type EmailTemplateForm, type EmailTemplateInput } from '#common/email-schema'
import { FormError, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { toast } from '~/components/ui/use-toast'
import type { EmailTemplateRow } from '~/lib/queries/email'
import { UploadControl } from '../upload-control'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import { asInput, type useTemplateActions } from './use-template-actions'

const EMPTY: EmailTemplateForm = {
  templateKey: '',
  name: '',
  subject: '',
  textContent: '',
  htmlContent: '',
  isActive: true,
  summaryTitle: 'Your Booking',
}

type Tab = 'styling' | 'content' | 'html'
/** The edit form's fields in the order staff meet them, and the tab each is on. */
const FIELD_TABS: [keyof EmailTemplateForm, Tab][] = [
  ['headerImage', 'styling'],
  ['heroTitle', 'styling'],
  ['summaryTitle', 'styling'],
  ['greetingText', 'styling'],
  ['footerText', 'styling'],
  ['buttonOneText', 'styling'],
  ['buttonOneUrl', 'styling'],
  ['buttonTwoText', 'styling'],
  ['buttonTwoUrl', 'styling'],
  ['name', 'content'],
  ['templateKey', 'content'],
  ['subject', 'content'],
  ['messageText', 'content'],
  ['textContent', 'content'],
  ['description', 'content'],
  ['htmlContent', 'html'],
]

/** A template as the form holds it: empty text where the row holds null. */
const formValues = (t: EmailTemplateRow): EmailTemplateForm =>
  Object.fromEntries(Object.entries(asInput(t)).map(([k, v]) => [k, v ?? ''])) as EmailTemplateForm

/** The fields the conflict dialog compares, with the form's labels. */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'name', label: 'Name' },
  { key: 'templateKey', label: 'Template key' },
  { key: 'subject', label: 'Subject' },
  { key: 'description', label: 'Description' },
  { key: 'heroTitle', label: 'Heading' },
  { key: 'greetingText', label: 'Greeting' },
  { key: 'messageText', label: 'Message' },
  { key: 'summaryTitle', label: 'Summary title' },
  { key: 'footerText', label: 'Footer' },
  { key: 'headerImage', label: 'Header image' },
  { key: 'buttonOneText', label: 'Button 1 text' },
  { key: 'buttonOneUrl', label: 'Button 1 link' },
  { key: 'buttonTwoText', label: 'Button 2 text' },
  { key: 'buttonTwoUrl', label: 'Button 2 link' },
  { key: 'textContent', label: 'Text content' },
  { key: 'htmlContent', label: 'HTML code' },
  { key: 'isActive', label: 'Active' },
]

/** The variables a template can use, as chips to copy from. */
function Variables({ templateKey }: { templateKey: string }) {
  const variables = isKnownTemplateKey(templateKey) ? EMAIL_TEMPLATE_INFO[templateKey].variables : ['customerName', 'venueName', 'venuePhone']
  return (
    <p className="text-sm text-muted-foreground">
      Variables you can use:{' '}
      {variables.map((v) => (
        <code key={v} className="mr-1 inline-block rounded bg-muted px-1.5 py-0.5 text-xs text-foreground">{`{{${v}}}`}</code>
      ))}
    </p>
  )
}

/**
 * The create and edit dialogs of SPEC.md section 2's Email Templates. Edit has
 * the tabs Styling & Layout, Content and HTML Code; create asks for what a
 * template cannot do without, and its button stays disabled until the
 * template key and the text content are filled.
 */
export function TemplateDialog({
  open,
  onOpenChange,
  template,
  actions,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  template?: EmailTemplateRow
  actions: ReturnType<typeof useTemplateActions>
}) {
  const save = template ? actions.update : actions.create
  const form = useForm<EmailTemplateForm, unknown, EmailTemplateInput>({
    resolver: zodResolver(EmailTemplateSchema),
    defaultValues: template ? formValues(template) : EMPTY,
  })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  // Someone else may save this template while the dialog is open: the save carries the version it was read at.
  const versions = useVersionConflict<EmailTemplateForm, EmailTemplateRow>({
    initial: form.formState.defaultValues as EmailTemplateForm,
    version: template?.version,
    stale: actions.update.stale,
    toValues: formValues,
  })
  const { errors } = form.formState
  const [key, textContent] = form.watch(['templateKey', 'textContent'])
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps

  // A field in error may be on a tab not showing: Save goes to the first one, there.
  const [tab, setTab] = React.useState<Tab>('styling')
  const [focusNext, setFocusNext] = React.useState<keyof EmailTemplateForm | null>(null)
  const showFirst = (inError: (name: keyof EmailTemplateForm) => boolean) => {
    const first = FIELD_TABS.find(([name]) => inError(name))
    if (!first) return
    setTab(first[1])
    setFocusNext(first[0])
  }
  React.useEffect(() => {
    if (!focusNext) return
    // After the confirm step, closing as the server answered, has handed focus back to Save.
    const timer = window.setTimeout(() => {
      form.setFocus(focusNext)
      setFocusNext(null)
    }, 0)
    return () => window.clearTimeout(timer)
  }, [focusNext, form])
  // The server's word on a field (a {{ never closed), shown beside it as the form's own checks are.
  const serverErrors = save.fieldErrors
  React.useEffect(() => {
    const fields = Object.entries(serverErrors) as [keyof EmailTemplateForm, string][]
    for (const [name, message] of fields) form.setError(name, { type: 'server', message })
    if (fields.length) showFirst((name) => name in serverErrors)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors])

  const submit = form.handleSubmit(
    (values) => {
    versions.submitted(form.getValues())
    return template
      ? actions.update.ask({
          title: 'Save this template?',
          description: `Save the changes to ${values.name}? The next ${values.templateKey} email uses them.`,
          confirmLabel: 'Save',
          variables: { id: template.id, values, version: versions.version },
          returnTo: 'form',
        })
      : actions.create.ask({
          title: 'Create this template?',
          description: `Create ${values.name} (${values.templateKey})?`,
          confirmLabel: 'Create',
          variables: values,
          returnTo: 'form',
        })
    },
    (invalid) => showFirst((name) => Boolean(invalid[name])),
  )
  const field = (name: keyof EmailTemplateForm) => ({ error: errors[name]?.message, ...form.register(name) })

  const content = (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" {...field('name')} />
        <TextField label="Template key" readOnly={Boolean(template)} hint={template ? 'The key says when the email is sent.' : undefined} {...field('templateKey')} />
      </div>
      <TextField label="Subject" {...field('subject')} />
      <TextareaField label="Message" rows={3} hint="The paragraph under the greeting." {...field('messageText')} />
      <TextareaField label="Text content" rows={8} hint="The plain-text version every email carries." {...field('textContent')} />
      <TextareaField label="Description" rows={2} {...field('description')} />
      <div className="flex items-center gap-3">
        <Controller control={form.control} name="isActive" render={({ field: f }) => <Switch id="template-active" checked={f.value} onCheckedChange={f.onChange} />} />
        <Label htmlFor="template-active">Active: send this email</Label>
      </div>
      <Variables templateKey={key} />
    </div>
  )

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit Template' : 'Create Template'}</DialogTitle>
          <DialogDescription>
            {template && isKnownTemplateKey(template.templateKey) ? EMAIL_TEMPLATE_INFO[template.templateKey].when : 'Variables in double braces are filled in for each guest.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          {template ? (
            <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
              <TabsList className="flex h-auto flex-wrap justify-start">
                <TabsTrigger value="styling">Styling &amp; Layout</TabsTrigger>
                <TabsTrigger value="content">Content</TabsTrigger>
                <TabsTrigger value="html">HTML Code</TabsTrigger>
              </TabsList>
              <TabsContent value="styling" className="grid gap-4">
                <div className="grid gap-2">
                  <span className="text-sm font-semibold">Header image</span>
                  {form.watch('headerImage') ? (
                    <div className="flex flex-wrap items-center gap-3 text-sm">
                      <code className="rounded bg-muted px-2 py-1">{form.watch('headerImage')}</code>
                      <Button type="button" size="sm" variant="outline" onClick={() => form.setValue('headerImage', '', { shouldDirty: true })}>
                        Remove image
                      </Button>
                    </div>
                  ) : null}
                  <UploadControl
                    endpoint="/api/upload"
                    accept="image"
                    label="Upload header image"
                    onUploaded={(file) => form.setValue('headerImage', file.filename, { shouldDirty: true })}
                    onError={() => toast({ variant: 'destructive', title: EMAIL_TEMPLATE_MESSAGES.headerImageFailed })}
                  />
                </div>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="Hero title" {...field('heroTitle')} />
                  <TextField label="Summary title" {...field('summaryTitle')} />
                </div>
                <TextareaField label="Greeting" rows={2} {...field('greetingText')} />
                <TextareaField label="Footer" rows={2} {...field('footerText')} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="Button one text" {...field('buttonOneText')} />
                  <TextField label="Button one link" placeholder="https:// or /booking" {...field('buttonOneUrl')} />
                  <TextField label="Button two text" {...field('buttonTwoText')} />
                  <TextField label="Button two link" placeholder="https:// or tel:" {...field('buttonTwoUrl')} />
                </div>
              </TabsContent>
              <TabsContent value="content">{content}</TabsContent>
              <TabsContent value="html" className="grid gap-3">
                <TextareaField
                  label="HTML code"
                  rows={14}
                  className="font-mono text-xs"
                  hint="Leave empty to use the layout of the Styling & Layout tab (best in every mail app). Written here, this HTML is sent instead, with its variables filled in."
                  {...field('htmlContent')}
                />
              </TabsContent>
            </Tabs>
          ) : (
            content
          )}
          <FormDialogFooter submitLabel={template ? 'Save Changes' : 'Create Template'} pending={save.pending} onCancel={guard.requestClose} disabled={(!template && !(key?.trim() && textContent?.trim()))} />
        </form>
        {guard.prompt}
        {template && (
          <FormConflictDialog
            versions={versions}
            fields={CONFLICT_FIELDS}
            form={form}
            schema={EmailTemplateSchema}
            save={{ ...actions.update, run: (values: EmailTemplateInput, version) => actions.update.run({ id: template.id, values, version }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
