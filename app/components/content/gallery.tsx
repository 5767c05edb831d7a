import { cx } from '~/lib/cx'

export type GalleryImage = { src: string; srcSet?: string; width?: number; height?: number; alt: string }

/**
 * A grid of pictures in 4:3 frames. Each frame has a fixed aspect ratio, so
 * pictures of any size (staff uploads too) never shift the page; all load lazily.
 */
export function Gallery({ images, className }: { images: GalleryImage[]; className?: string }) {
  return (
    <ul className={cx('grid gap-4 sm:grid-cols-2', className)}>
      {images.map((image, i) => (
        <li key={`${image.src}-${i}`} className="overflow-hidden rounded-xl bg-muted shadow-sm ring-1 ring-border">
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.srcSet ? '(min-width: 1024px) 36rem, (min-width: 640px) 50vw, 100vw' : undefined}
            width={image.width ?? 1200}
            height={image.height ?? 900}
            alt={image.alt}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-500 hover:scale-[1.03]"
          />
        </li>
      ))}
    </ul>
  )
}
