import { zodResolver } from '@hookform/resolvers/zod'
import { Check, Plus, Trash2 } from 'lucide-react'
import * as React from 'react'
import { Controller, useFieldArray, useForm } from 'react-hook-form'
import {
  HERO_MESSAGES as M,
  HeroSlideSchema,
  MAX_SLIDE_BUTTONS,
  OFFERED_BUTTON_SUGGESTIONS,
  type HeroSlideForm,
  type HeroSlideInput,
  type HeroSlideRow,
} from '#common/hero-schema'
import { FieldError, FormError, TextareaField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { toast } from '~/components/ui/use-toast'
import { VENUE_IMAGES } from '~/lib/artwork'
import { cn } from '~/lib/utils'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { UploadControl } from '../upload-control'
import { useDiscardGuard } from '../discard-guard'
import { FormDialogFooter } from '../form-dialog-footer'
import { asInput, type useHeroActions } from './use-hero-actions'

/** The seven venue pictures staff can pick instead of uploading (SPEC.md section 2). */
function ImagePicker({ value, onPick }: { value: string; onPick: (src: string) => void }) {
  return (
    <div role="group" aria-label="Existing images" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {VENUE_IMAGES.map((image) => {
        const picked = value === image.src
        return (
          <button
            key={image.key}
            type="button"
            aria-pressed={picked}
            onClick={() => onPick(image.src)}
            className={cn(
              'relative overflow-hidden rounded-md border-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              picked ? 'border-primary' : 'border-transparent',
            )}
          >
            <img src={image.src.replace('-960.webp', '-480.webp')} alt="" width={480} height={270} loading="lazy" className="aspect-video h-auto w-full object-cover" />
            <span className="block bg-card px-2 py-1 text-xs font-semibold">{image.label}</span>
            {picked && <Check aria-hidden="true" className="absolute right-1 top-1 size-5 rounded-full bg-primary p-0.5 text-primary-foreground" />}
          </button>
        )
      })}
    </div>
  )
}

/** A slide as the form holds it, for the conflict dialog (the buttons as one line of text each). */
const asFormValues = (s: HeroSlideRow): HeroSlideForm => asInput(s)

/** The fields the conflict dialog compares, with the form's labels. */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'title', label: 'Title' },
  { key: 'subtitle', label: 'Subtitle' },
  { key: 'description', label: 'Description' },
  { key: 'image', label: 'Image' },
  { key: 'buttons', label: 'Buttons', format: (v) => (v as { text: string; link: string }[]).map((b) => `${b.text} (${b.link})`).join(', ') || '(none)' },
  { key: 'order', label: 'Order' },
  { key: 'isActive', label: 'Active' },
]

/**
 * Add Slide and Edit (SPEC.md section 2's Hero Slides): title, subtitle,
 * description, an image uploaded or picked from the venue's own, the buttons
 * with quick suggestions, the order and whether the slide shows.
 */
export function SlideDialog({
  open,
  onOpenChange,
  slide,
  nextOrder,
  actions,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  slide?: HeroSlideRow
  /** A new slide's order: the number of slides (SPEC.md section 9). */
  nextOrder: number
  actions: ReturnType<typeof useHeroActions>
}) {
  const save = slide ? actions.update : actions.create
  const form = useForm<HeroSlideForm, unknown, HeroSlideInput>({
    resolver: zodResolver(HeroSlideSchema),
    defaultValues: slide ? asInput(slide) : { title: '', subtitle: '', description: '', image: '', buttons: [], order: nextOrder, isActive: true },
  })
  const guard = useDiscardGuard({ dirty: form.formState.isDirty, pending: save.pending, onOpenChange })
  // Someone else may save this while the dialog is open: the save carries the version it was read at.
  const versions = useVersionConflict<HeroSlideForm, HeroSlideRow>({
    initial: form.formState.defaultValues as HeroSlideForm,
    version: slide?.version,
    stale: actions.update.stale,
    toValues: asFormValues,
  })
  const buttons = useFieldArray({ control: form.control, name: 'buttons' })
  const { errors } = form.formState
  const image = form.watch('image')
  const current = form.watch('buttons') ?? []
  React.useEffect(() => save.clearError(), []) // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit((values) => {
    versions.submitted(form.getValues() as HeroSlideForm)
    return slide
      ? actions.update.ask({
          title: 'Save this slide?',
          description: values.isActive ? 'The home page shows the change at once.' : 'The slide is inactive: the home page does not show it.',
          detail: values.title,
          confirmLabel: 'Save',
          variables: { id: slide.id, values, version: versions.version },
          returnTo: 'form',
        })
      : actions.create.ask({
          title: 'Add this slide?',
          description: values.isActive ? 'The home page shows it at once.' : 'It is inactive: the home page does not show it until you turn it on.',
          detail: values.title,
          confirmLabel: 'Add Slide',
          variables: values,
          returnTo: 'form',
        })
  })
  const setImage = (src: string) => form.setValue('image', src, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })

  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{slide ? 'Edit Slide' : 'Add Slide'}</DialogTitle>
          <DialogDescription>A slide of the home page&apos;s hero: a picture, its words and up to {MAX_SLIDE_BUTTONS} buttons.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormError message={versions.conflict ? undefined : save.error} />
          <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
          <TextField label="Subtitle" error={errors.subtitle?.message} {...form.register('subtitle')} />
          <TextareaField label="Description" rows={3} error={errors.description?.message} {...form.register('description')} />

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Image</legend>
            {image ? (
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <img src={image} alt="" width={160} height={90} className="aspect-video w-40 rounded-md border object-cover" />
                <code className="break-all rounded bg-muted px-2 py-1 text-xs">{image}</code>
              </div>
            ) : null}
            <UploadControl
              endpoint="/api/upload"
              accept="image"
              label="Upload an image"
              uploadedToast={{ title: M.uploadedTitle, description: M.uploaded }}
              onUploaded={(file) => setImage(file.url)}
              onError={(failures) => {
                const failed = failures[0]!
                toast(
                  failed.kind === 'failed' && !failed.detail
                    ? { variant: 'destructive', title: M.uploadErrorTitle, description: M.uploadError }
                    : { variant: 'destructive', title: M.uploadFailedTitle, description: failed.detail ?? failed.message ?? M.uploadFailed },
                )
              }}
            />
            <p className="text-sm font-semibold">Or pick one of ours</p>
            <ImagePicker value={image} onPick={setImage} />
            <FieldError id="slide-image-error" error={errors.image?.message} />
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold">Buttons</legend>
            {buttons.fields.length === 0 && <p className="text-sm text-muted-foreground">No buttons: the slide shows its words only.</p>}
            <ol className="grid gap-3">
              {buttons.fields.map((b, index) => (
                <li key={b.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                  <TextField label={`Button ${index + 1} text`} error={errors.buttons?.[index]?.text?.message} {...form.register(`buttons.${index}.text`)} />
                  <TextField label={`Button ${index + 1} link`} placeholder="/menu" error={errors.buttons?.[index]?.link?.message} {...form.register(`buttons.${index}.link`)} />
                  <Button type="button" variant="ghost" className="text-destructive hover:text-destructive sm:mt-7" onClick={() => buttons.remove(index)} aria-label={`Remove button ${index + 1}`}>
                    <Trash2 aria-hidden="true" />
                    <span className="sm:sr-only">Remove</span>
                  </Button>
                </li>
              ))}
            </ol>
            <FieldError id="slide-buttons-error" error={errors.buttons?.message ?? errors.buttons?.root?.message} />
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" size="sm" variant="outline" disabled={buttons.fields.length >= MAX_SLIDE_BUTTONS} onClick={() => buttons.append({ text: '', link: '' })}>
                <Plus aria-hidden="true" />
                Add Button
              </Button>
              <span className="text-sm text-muted-foreground">Quick add:</span>
              {OFFERED_BUTTON_SUGGESTIONS.map((s) => (
                <Button
                  key={s.link}
                  type="button"
                  size="sm"
                  variant="secondary"
                  disabled={buttons.fields.length >= MAX_SLIDE_BUTTONS || current.some((b) => b.link === s.link)}
                  onClick={() => buttons.append({ text: s.text, link: s.link })}
                  aria-label={`Quick add: ${s.text} (${s.link})`}
                >
                  {s.text}
                </Button>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <TextField label="Order" type="number" inputMode="numeric" min={0} hint="Lower numbers show first." error={errors.order?.message} {...form.register('order', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })} />
            <div className="flex items-center gap-3 pb-2">
              <Controller control={form.control} name="isActive" render={({ field: f }) => <Switch id="slide-active" checked={f.value} onCheckedChange={f.onChange} />} />
              <Label htmlFor="slide-active">Active: show on the home page</Label>
            </div>
          </div>

          <FormDialogFooter submitLabel={slide ? 'Save Changes' : 'Add Slide'} pending={save.pending} onCancel={guard.requestClose} />
        </form>
        {guard.prompt}
        {slide && (
          <FormConflictDialog
            versions={versions}
            fields={CONFLICT_FIELDS}
            form={form}
            schema={HeroSlideSchema}
            save={{ ...actions.update, run: (values: HeroSlideInput, version) => actions.update.run({ id: slide.id, values, version }) }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}
