import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Trash2 } from 'lucide-react'
import * as React from 'react'
import { COCKTAILS_DEFAULTS, type CocktailsContent } from '../../../common/settings'
import { UploadControl, type UploadFailure } from '~/components/admin/upload-control'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { imageSource, ResponsiveImage, uploadUrl, type ImageSource } from '~/components/ui/responsive-image'
import { Textarea } from '~/components/ui/textarea'
import { toast } from '~/components/ui/use-toast'
import { apiRequest, ApiError, getJson } from '~/lib/api'

const CONTENT_KEY = ['/api/admin/cocktails-content']
/** The server keeps at most this many gallery images. */
const GALLERY_MAX = 12
const FILE_UPLOAD_FAILED = 'File upload failed'

const cocktailsQuery = {
  queryKey: CONTENT_KEY,
  queryFn: () => getJson<CocktailsContent>('/api/admin/cocktails-content'),
}

/** Thumbnails of uploaded gallery images: the small WebP variants when the server has them. */
function useDescribedImages(entries: string[]) {
  const urls = entries.map(uploadUrl)
  return useQuery({
    queryKey: ['/api/admin/media', ...urls],
    queryFn: () => getJson<Record<string, ImageSource>>(`/api/admin/media?${urls.map((u) => `url=${encodeURIComponent(u)}`).join('&')}`),
    enabled: urls.some((u) => u.startsWith('/uploads/')),
  }).data
}

function Gallery({ images, onRemove }: { images: string[]; onRemove?: (index: number) => void }) {
  const described = useDescribedImages(images) ?? undefined
  if (images.length === 0) {
    return <p className="text-sm text-muted-foreground">No gallery images yet: the public page shows its default pictures.</p>
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Gallery images">
      {images.map((image, index) => (
        <li key={`${image}-${index}`} className="relative overflow-hidden rounded-md border bg-muted">
          <ResponsiveImage
            {...imageSource(uploadUrl(image), described)}
            sizes="(min-width: 1024px) 200px, 45vw"
            alt={`Gallery image ${index + 1}`}
            className="aspect-square h-auto w-full object-cover"
          />
          {onRemove && (
            <Button
              type="button"
              variant="destructive"
              size="icon"
              className="absolute right-1 top-1 h-8 w-8"
              onClick={() => onRemove(index)}
              aria-label={`Remove gallery image ${index + 1}`}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 whitespace-pre-line">{value || '—'}</dd>
    </div>
  )
}

/** SPEC.md section 2 "Cocktails Page Content": view mode and edit mode, gallery uploads through the shared control. */
export function CocktailsPanel() {
  const queryClient = useQueryClient()
  const query = useQuery(cocktailsQuery)
  // SPEC.md section 7: a failed GET falls back to the defaults.
  const content = query.data ?? (query.isError ? COCKTAILS_DEFAULTS : undefined)
  const [draft, setDraft] = React.useState<CocktailsContent | null>(null)
  const [confirming, setConfirming] = React.useState(false)
  const [uploadFailures, setUploadFailures] = React.useState<UploadFailure[] | null>(null)

  const save = useMutation({
    mutationFn: (next: CocktailsContent) => apiRequest<CocktailsContent>('POST', '/api/admin/cocktails-content', next),
    onSuccess: (saved) => {
      queryClient.setQueryData(CONTENT_KEY, saved)
      setConfirming(false)
      setDraft(null)
      toast({ title: 'Success!', description: 'Saved successfully!' })
    },
    onError: (error) => {
      setConfirming(false)
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.serverMessage : 'Failed to save. Please try again.',
        variant: 'destructive',
      })
    },
  })

  if (!content) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    )
  }

  const set = (field: keyof Omit<CocktailsContent, 'galleryImages'>) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setDraft((d) => (d ? { ...d, [field]: event.target.value } : d))

  const onlyWrongType = uploadFailures?.every((f) => f.kind === 'wrong-type')

  return (
    <section aria-labelledby="cocktails-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="cocktails-title" className="font-display text-2xl font-bold">
            Cocktails Page Content
          </h1>
          <p className="text-sm text-muted-foreground">What guests see on the Cocktails page.</p>
        </div>
        {!draft && (
          <Button type="button" onClick={() => setDraft({ ...content, galleryImages: [...content.galleryImages] })}>
            <Pencil aria-hidden="true" />
            Edit Content
          </Button>
        )}
      </div>

      {!draft ? (
        <>
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Text</h2>
            </CardHeader>
            <CardContent>
              <dl className="space-y-4">
                <Field label="Intro text" value={content.introText} />
                <Field label="Description" value={content.descriptionText} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Special offer</h2>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Field label="Offer title" value={content.specialOfferTitle} />
                <Field label="Offer details" value={content.specialOfferDetails} />
                <Field label="Offer times" value={content.specialOfferTimes} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Gallery</h2>
              <CardDescription>{content.galleryImages.length} image(s)</CardDescription>
            </CardHeader>
            <CardContent>
              <Gallery images={content.galleryImages} />
            </CardContent>
          </Card>
        </>
      ) : (
        <form
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault()
            setConfirming(true)
          }}
        >
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Text</h2>
            </CardHeader>
            <CardContent className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="cocktails-intro">Intro text</Label>
                <Textarea id="cocktails-intro" rows={3} maxLength={5000} value={draft.introText} onChange={set('introText')} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="cocktails-description">Description</Label>
                <Textarea id="cocktails-description" rows={4} maxLength={5000} value={draft.descriptionText} onChange={set('descriptionText')} />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Special offer</h2>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-3">
              <div className="space-y-2">
                <Label htmlFor="cocktails-offer-title">Offer title</Label>
                <Input id="cocktails-offer-title" maxLength={200} value={draft.specialOfferTitle} onChange={set('specialOfferTitle')} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="cocktails-offer-details">Offer details</Label>
                <Input id="cocktails-offer-details" maxLength={1000} value={draft.specialOfferDetails} onChange={set('specialOfferDetails')} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="cocktails-offer-times">Offer times</Label>
                <Input id="cocktails-offer-times" maxLength={500} value={draft.specialOfferTimes} onChange={set('specialOfferTimes')} />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-display text-xl font-semibold leading-tight">Gallery</h2>
              <CardDescription>
                {draft.galleryImages.length} of {GALLERY_MAX} images. The page shows the first four.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <Gallery
                images={draft.galleryImages}
                onRemove={(index) =>
                  setDraft((d) => (d ? { ...d, galleryImages: d.galleryImages.filter((_, i) => i !== index) } : d))
                }
              />
              <UploadControl
                endpoint="/api/admin/upload"
                accept="image"
                multiple
                label="Upload gallery images"
                maxFiles={GALLERY_MAX - draft.galleryImages.length}
                disabled={draft.galleryImages.length >= GALLERY_MAX}
                onUploaded={(file) =>
                  setDraft((d) =>
                    d && d.galleryImages.length < GALLERY_MAX ? { ...d, galleryImages: [...d.galleryImages, file.filename] } : d,
                  )
                }
                onError={setUploadFailures}
              />
            </CardContent>
          </Card>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button type="submit">Save Changes</Button>
          </div>
        </form>
      )}

      <AlertDialog open={confirming} onOpenChange={(open) => !save.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Save changes?</AlertDialogTitle>
            <AlertDialogDescription>Are you sure you want to save the cocktails page content? Guests will see it at once.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={save.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={save.isPending}
              onClick={(event) => {
                event.preventDefault()
                if (draft) save.mutate(draft)
              }}
            >
              {save.isPending ? 'Saving...' : 'Confirm'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={uploadFailures !== null} onOpenChange={(open) => !open && setUploadFailures(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Upload Error</AlertDialogTitle>
            <AlertDialogDescription>{onlyWrongType ? 'Please select an image file' : FILE_UPLOAD_FAILED}</AlertDialogDescription>
          </AlertDialogHeader>
          {uploadFailures && !onlyWrongType && (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {uploadFailures.map((failure, index) => (
                <li key={index}>{failure.message}</li>
              ))}
            </ul>
          )}
          <AlertDialogFooter>
            <AlertDialogAction>OK</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}
