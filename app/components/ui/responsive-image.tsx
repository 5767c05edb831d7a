import * as React from 'react'

/**
 * What the server's `media.describe()` gives for an uploaded image; for any
 * other picture only `src` is known.
 */
export type ImageSource = { src: string; srcSet?: string; width?: number; height?: number }

/**
 * The URL of a stored upload: a bare file name (as kept in galleryImages or
 * headerImage) means `/uploads/<name>`; paths and URLs stay as they are.
 */
export function uploadUrl(nameOrUrl: string): string {
  if (/^(?:\/|https?:|data:|blob:)/.test(nameOrUrl)) return nameOrUrl
  return `/uploads/${nameOrUrl}`
}

/**
 * Picks the described version of `url` when the loader has one, else a plain
 * source: `<ResponsiveImage {...imageSource(url, media)} alt="…" />`.
 */
export function imageSource(url: string, described?: Record<string, ImageSource>): ImageSource {
  return described?.[url] ?? { src: uploadUrl(url) }
}

export type ResponsiveImageProps = Omit<
  React.ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'fetchPriority'
> &
  ImageSource & {
    alt: string
    /** A hero or the first image in view: loads at once with high priority. Everything else loads lazily. */
    priority?: boolean
  }

/**
 * An image with `srcset`/`sizes` so a phone downloads a phone-sized file,
 * `width`/`height` so the page does not shift while it loads, lazy below the
 * fold and eager with high fetch priority for a hero.
 */
export const ResponsiveImage = React.forwardRef<HTMLImageElement, ResponsiveImageProps>(
  ({ src, srcSet, width, height, sizes = '100vw', priority = false, alt, decoding, ...props }, ref) => (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={decoding ?? (priority ? 'sync' : 'async')}
      {...props}
    />
  ),
)
ResponsiveImage.displayName = 'ResponsiveImage'
