import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import { COCKTAILS_GALLERY_MAX, COCKTAILS_LIMITS, CocktailsContentSchema, type CocktailsContentInput } from '#common/cocktails-schema'
import type { CocktailsContent } from '#common/settings'
import { FormError, TextareaField, TextField } from '~/components/forms/fields'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { ConfirmDialog } from '../confirm'
import { FormConflictDialog, useVersionConflict, type ConflictFieldLabel } from '../conflict-dialog'
import { FormDialogFooter } from '../form-dialog-footer'
import { UploadControl, type UploadFailure } from '../upload-control'
import { Gallery } from './gallery'
import { useCocktailsActions } from './use-cocktails-actions'

const FILE_UPLOAD_FAILED = 'File upload failed'

/** The fields the conflict dialog compares, with the form's labels. */
const CONFLICT_FIELDS: ConflictFieldLabel[] = [
  { key: 'introText', label: 'Intro text' },
  { key: 'descriptionText', label: 'Description' },
  { key: 'specialOfferTitle', label: 'Offer title' },
  { key: 'specialOfferDetails', label: 'Offer details' },
  { key: 'specialOfferTimes', label: 'Offer times' },
  { key: 'galleryImages', label: 'Gallery' },
]

/** The page as the form holds it (without its version). */
const formValues = ({ version: _version, ...content }: CocktailsContent & { version?: number }): CocktailsContentInput => content

/** The edit form, on the shared form kit and the schema the server checks. */
export function CocktailsEditor({ content, onDone }: { content: CocktailsContent & { version?: number }; onDone: () => void }) {
  const form = useForm<CocktailsContentInput>({ resolver: zodResolver(CocktailsContentSchema), defaultValues: formValues(content) })
  const { errors } = form.formState
  const gallery = form.watch('galleryImages')
  const [uploadFailures, setUploadFailures] = React.useState<UploadFailure[] | null>(null)
  const { save } = useCocktailsActions({ onSaved: onDone })
  // Someone else may save the page while this form is open: the save carries the version it was read at.
  const versions = useVersionConflict<CocktailsContentInput, CocktailsContent & { version: number }>({
    initial: formValues(content),
    version: content.version,
    stale: save.stale,
    toValues: formValues,
  })
  const setGallery = (images: string[]) => form.setValue('galleryImages', images, { shouldDirty: true })
  const onlyWrongType = uploadFailures?.every((f) => f.kind === 'wrong-type')

  return (
    <form
      className="space-y-6"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        versions.submitted(form.getValues())
        save.ask({
          title: 'Save changes?',
          description: 'Are you sure you want to save the cocktails page content? Guests will see it at once.',
          confirmLabel: 'Confirm',
          variables: { values, version: versions.version },
          returnTo: 'form',
        })
      })}
    >
      <FormError message={versions.conflict ? undefined : save.error} />
      <FormConflictDialog
        versions={versions}
        fields={CONFLICT_FIELDS}
        form={form}
        schema={CocktailsContentSchema}
        save={{ ...save, run: (values: CocktailsContentInput, version) => save.run({ values, version }) }}
      />
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Text</h2>
        </CardHeader>
        <CardContent className="space-y-4">
          <TextareaField id="cocktails-intro" label="Intro text" rows={3} maxLength={COCKTAILS_LIMITS.introText} error={errors.introText?.message} {...form.register('introText')} />
          <TextareaField id="cocktails-description" label="Description" rows={4} maxLength={COCKTAILS_LIMITS.descriptionText} error={errors.descriptionText?.message} {...form.register('descriptionText')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Special offer</h2>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-3">
          <TextField id="cocktails-offer-title" label="Offer title" maxLength={COCKTAILS_LIMITS.specialOfferTitle} error={errors.specialOfferTitle?.message} {...form.register('specialOfferTitle')} />
          <TextField id="cocktails-offer-details" label="Offer details" maxLength={COCKTAILS_LIMITS.specialOfferDetails} error={errors.specialOfferDetails?.message} {...form.register('specialOfferDetails')} />
          <TextField id="cocktails-offer-times" label="Offer times" maxLength={COCKTAILS_LIMITS.specialOfferTimes} error={errors.specialOfferTimes?.message} {...form.register('specialOfferTimes')} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="font-display text-xl font-semibold leading-tight">Gallery</h2>
          <CardDescription>
            {gallery.length} of {COCKTAILS_GALLERY_MAX} images. The page shows the first four.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Gallery images={gallery} onRemove={(index) => setGallery(gallery.filter((_, i) => i !== index))} />
          <UploadControl
            endpoint="/api/admin/upload"
            accept="image"
            multiple
            label="Upload gallery images"
            maxFiles={COCKTAILS_GALLERY_MAX - gallery.length}
            disabled={gallery.length >= COCKTAILS_GALLERY_MAX}
            onUploaded={(file) => {
              const current = form.getValues('galleryImages')
              if (current.length < COCKTAILS_GALLERY_MAX) setGallery([...current, file.filename])
            }}
            onError={setUploadFailures}
          />
          {errors.galleryImages?.message && <p className="text-sm font-semibold text-destructive">{errors.galleryImages.message}</p>}
        </CardContent>
      </Card>
      <FormDialogFooter inDialog={false} submitLabel="Save Changes" pending={save.pending} onCancel={onDone} />

      <ConfirmDialog {...save.dialog} />
      <AlertDialog open={uploadFailures !== null} onOpenChange={(open) => !open && setUploadFailures(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Upload Error</AlertDialogTitle>
            <AlertDialogDescription>{onlyWrongType ? 'Please select an image file' : FILE_UPLOAD_FAILED}</AlertDialogDescription>
          </AlertDialogHeader>
          {uploadFailures && !onlyWrongType && (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {uploadFailures.map((failure, index) => (
                <li key={index}>
                  {failure.message}
                  {/* The server's reason, such as a file whose contents are not an image whatever its name says. */}
                  {failure.detail && `: ${failure.detail}`}
                </li>
              ))}
            </ul>
          )}
          <AlertDialogFooter>
            <AlertDialogAction>OK</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  )
}
