import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, ArrowRight, FileText, Trash2 } from 'lucide-react'
import * as React from 'react'
import { Controller, useForm } from 'react-hook-form'
import { MENU_CATEGORIES } from '#common/constants'
import { MAX_MENU_PAGES, MENU_CATEGORY_LABELS, MenuSectionSchema, type MenuSectionForm, type MenuSectionInput, type MenuSectionRow } from '#common/menu-schema'
import { FieldError, FormError, SelectField, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { UploadControl } from '../upload-control'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import type { useMenuActions } from './use-menu-actions'

const CATEGORY_OPTIONS = MENU_CATEGORIES.map((c) => ({ value: c, label: MENU_CATEGORY_LABELS[c] }))

const formValues = (s: MenuSectionRow): MenuSectionForm => ({
  name: s.name,
  category: s.category,
  description: s.description,
  pdfUrl: s.pdfUrl,
  imageUrls: s.imageUrls,
  backgroundImage: s.backgroundImage,
  isActive: s.isActive,
})

/** The fields the conflict dialog compares, with the form's labels. */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category', format: (v) => MENU_CATEGORY_LABELS[v as MenuSectionRow['category']] ?? String(v) },
  { key: 'description', label: 'Description' },
  { key: 'pdfUrl', label: 'PDF' },
  { key: 'imageUrls', label: 'Page images' },
  { key: 'backgroundImage', label: 'Background image' },
  { key: 'isActive', label: 'Active' },
]

/** The page images in order: move one left or right, or remove it. */
function PageImages({ urls, onChange }: { urls: string[]; onChange: (next: string[]) => void }) {
  if (urls.length === 0) return <p className="text-sm text-muted-foreground">No page images.</p>
  const move = (from: number, to: number) => {
    const next = [...urls]
    const [item] = next.splice(from, 1)
    next.splice(to, 0, item!)
    onChange(next)
  }
  return (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Page images">
      {urls.map((url, i) => (
        <li key={`${url}-${i}`} className="overflow-hidden rounded-md border bg-muted" data-testid="menu-page">
          <img src={url} alt={`Page ${i + 1}`} width={200} height={280} loading="lazy" className="aspect-[5/7] h-auto w-full object-cover" />
          <div className="flex items-center justify-between bg-card px-1 py-1">
            <Button type="button" size="icon" variant="ghost" className="h-8 w-8" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move page ${i + 1} earlier`}>
              <ArrowLeft aria-hidden="true" />
            </Button>
            <span className="text-xs font-semibold">{i + 1}</span>
            <Button type="button" size="icon" variant="ghost" className="h-8 w-8" disabled={i === urls.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move page ${i + 1} later`}>
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button type="button" size="icon" variant="ghost" className="h-8 w-8 text-destructive hover:text-destructive" onClick={() => onChange(urls.filter((_, j) => j !== i))} aria-label={`Remove page ${i + 1}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ol>
  )
}

/**
 * Add Menu Section and Edit (SPEC.md section 2's PDF Menus): name, category
 * (one section each), description, a PDF, page images in order, a background
 * image, and whether /menu shows it.
 */
export function SectionDialog({
  open,
  onOpenChange,
  section,
  defaultCategory,
  actions,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  section?: MenuSectionRow
  defaultCategory: MenuSectionRow['category']
  actions: ReturnType<typeof useMenuActions>
}) {
  const save = section ? actions.update : actions.create
  const form = useForm<MenuSectionForm, unknown, MenuSectionInput>({
    resolver: zodResolver(MenuSectionSchema),
    defaultValues: section ? formValues(section) : { name: '', category: defaultCategory, description: '', pdfUrl: null, imageUrls: [], backgroundImage: null, isActive: true },
  })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  // Someone else may save this section while the dialog is open: the save carries the version it was read at.
  const versions = useVersionConflict<MenuSectionForm, MenuSectionRow>({
    initial: form.formState.defaultValues as MenuSectionForm,
    version: section?.version,
    stale: actions.update.stale,
    toValues: formValues,
  })
  const { errors } = form.formState
  const [pdfUrl, imageUrls, backgroundImage] = form.watch(['pdfUrl', 'imageUrls', 'backgroundImage'])
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps
  const set = (name: 'pdfUrl' | 'backgroundImage' | 'imageUrls', value: string | string[] | null) => form.setValue(name, value as never, { shouldDirty: true })

  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues())
    return section
      ? actions.update.ask({
          title: 'Save this menu section?',
          description: values.isActive ? 'The menu page shows the change at once.' : 'The section is inactive: the menu page does not show it.',
          detail: values.name,
          confirmLabel: 'Save',
          variables: { id: section.id, values, version: versions.version },
          returnTo: 'form',
        })
      : actions.create.ask({
          title: 'Add this menu section?',
          description: 'The menu page shows it at once when it is active and has a PDF or page images.',
          detail: `${values.name} (${MENU_CATEGORY_LABELS[values.category]})`,
          confirmLabel: 'Add Section',
          variables: values,
          returnTo: 'form',
        })
  })

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{section ? 'Edit Menu Section' : 'Add Menu Section'}</DialogTitle>
          <DialogDescription>Guests open it from the menu page: the page images if there are any, else the PDF.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
            <SelectField label="Category" options={CATEGORY_OPTIONS} hint="One section per category." error={errors.category?.message} {...form.register('category')} />
          </div>
          <TextareaField label="Description" rows={2} error={errors.description?.message} {...form.register('description')} />

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">PDF</legend>
            {pdfUrl ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <FileText aria-hidden="true" className="size-5" />
                <a href={pdfUrl} target="_blank" rel="noreferrer" className="break-all underline">
                  {pdfUrl}
                </a>
                <Button type="button" size="sm" variant="outline" onClick={() => set('pdfUrl', null)}>
                  Remove PDF
                </Button>
              </div>
            ) : null}
            <UploadControl accept="pdf" label="Upload PDF" onUploaded={(file) => set('pdfUrl', file.url)} />
            <FieldError id="menu-pdf-error" error={errors.pdfUrl?.message} />
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Page images</legend>
            <PageImages urls={imageUrls ?? []} onChange={(next) => set('imageUrls', next)} />
            <UploadControl
              accept="image"
              multiple
              maxFiles={MAX_MENU_PAGES}
              label="Upload page images"
              onUploaded={(file) => set('imageUrls', [...(form.getValues('imageUrls') ?? []), file.url])}
            />
            <FieldError id="menu-pages-error" error={errors.imageUrls?.message} />
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Background image</legend>
            {backgroundImage ? (
              <div className="flex flex-wrap items-center gap-3">
                <img src={backgroundImage} alt="" width={160} height={90} className="aspect-video w-40 rounded-md border object-cover" />
                <Button type="button" size="sm" variant="outline" onClick={() => set('backgroundImage', null)}>
                  Remove background
                </Button>
              </div>
            ) : null}
            <UploadControl accept="image" label="Upload background image" onUploaded={(file) => set('backgroundImage', file.url)} />
            <FieldError id="menu-background-error" error={errors.backgroundImage?.message} />
          </fieldset>

          <div className="flex items-center gap-3">
            <Controller control={form.control} name="isActive" render={({ field: f }) => <Switch id="menu-active" checked={f.value ?? true} onCheckedChange={f.onChange} />} />
            <Label htmlFor="menu-active">Active: show on the menu page</Label>
          </div>

          <FormDialogFooter submitLabel={section ? 'Save Changes' : 'Add Section'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {section && (
          <FormConflictDialog
            versions={versions}
            fields={CONFLICT_FIELDS}
            form={form}
            schema={MenuSectionSchema}
            save={{ ...actions.update, run: (values: MenuSectionInput, version) => actions.update.run({ id: section.id, values, version }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
