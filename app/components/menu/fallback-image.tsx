import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react'

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string
  /** Shown instead when `src` fails to load. */
  fallback: { src: string; srcSet?: string; sizes?: string }
}

/**
 * An image that swaps to a fallback when it fails to load. The error may fire
 * before React hydrates (the server already sent the <img>), so on mount it
 * also checks for an image that finished loading with no pixels.
 */
export function FallbackImage({ src, fallback, srcSet, sizes, ...props }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const img = ref.current
    // currentSrc is empty while a lazy image has not started loading yet.
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
  }, [src])

  return (
    <img
      ref={ref}
      {...props}
      src={failed ? fallback.src : src}
      srcSet={failed ? fallback.srcSet : srcSet}
      sizes={failed ? fallback.sizes : sizes}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setFailed(true)}
    />
  )
}
