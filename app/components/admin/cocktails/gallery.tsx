import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { imageSource, ResponsiveImage, uploadUrl, type ImageSource } from '~/components/ui/responsive-image'
import { getJson } from '~/lib/api'
import { cocktailsKeys } from '~/lib/queries/cocktails'

/** Thumbnails of uploaded gallery images: the small WebP variants when the server has them. */
function useDescribedImages(entries: string[]) {
  const urls = entries.map(uploadUrl)
  return useQuery({
    queryKey: [...cocktailsKeys.media, ...urls],
    queryFn: () => getJson<Record<string, ImageSource>>(`/api/admin/media?${urls.map((u) => `url=${encodeURIComponent(u)}`).join('&')}`),
    enabled: urls.some((u) => u.startsWith('/uploads/')),
  }).data
}

export function Gallery({ images, onRemove }: { images: string[]; onRemove?: (index: number) => void }) {
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
