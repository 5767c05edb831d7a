import type Sharp from 'sharp'
import { HttpError, isOutOfSpace } from '../http/errors'
import type { MediaType } from './file-type'

/** Widths of the WebP variants written for every still image (never wider than the original). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const

/**
 * Decompression-bomb guard: a small file that claims more pixels than this is
 * refused before it is decoded. 100 MP covers every phone camera in use (48 MP
 * is typical, 200 MP modes save at 50 MP by default).
 */
export const MAX_INPUT_PIXELS = 100_000_000

const WEBP_QUALITY = 78

let loaded: Promise<typeof Sharp> | undefined
/**
 * sharp (libvips), loaded with the first image rather than at start-up: about 20 MB the
 * process need not hold until staff upload one. One libvips worker thread and no operation
 * cache: a 20 MB photo must not take the box's memory.
 */
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1)
    sharp.cache(false)
    return sharp
  }))
}

export type ImageInfo = {
  /** Width and height as displayed, after EXIF orientation. */
  width: number
  height: number
  animated: boolean
}

export type EncodedVariant = { width: number; height: number; data: Buffer }

const UNREADABLE_IMAGE = 'The image could not be read. Upload a PNG, JPEG, GIF or WebP image.'
const IMAGE_TOO_SLOW = 'The image took too long to process, so it was not stored. Save it again at a smaller size and upload that.'
/**
 * The most one image operation may take. libvips decodes on its own threads,
 * never the event loop, within MAX_INPUT_PIXELS; this bounds the time a
 * hostile file can keep the one image thread busy.
 */
const IMAGE_TIMEOUT = { seconds: 30 }

/** A libvips failure as the answer staff get: too slow, or not an image it could read. */
function imageError(error: unknown): HttpError {
  return new HttpError(415, /timeout/i.test(String((error as Error)?.message)) ? IMAGE_TOO_SLOW : UNREADABLE_IMAGE)
}

/** Reads the header of an image file and checks it is what its magic number said it was. */
export async function inspectImage(file: string, type: MediaType): Promise<ImageInfo> {
  const sharp = await loadSharp()
  let meta: Sharp.Metadata
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata()
  } catch {
    throw new HttpError(415, UNREADABLE_IMAGE)
  }
  if (meta.format !== type.sharpFormat || !meta.width || !meta.height) throw new HttpError(415, UNREADABLE_IMAGE)
  // Height of one frame: for animations sharp reports pageHeight.
  const frameHeight = meta.pageHeight ?? meta.height
  if (meta.width * frameHeight > MAX_INPUT_PIXELS) {
    throw new HttpError(400, 'The image is too large to process (more than 100 megapixels). Please resize it and try again.')
  }
  const swap = (meta.orientation ?? 1) >= 5
  return {
    width: swap ? frameHeight : meta.width,
    height: swap ? meta.width : frameHeight,
    animated: (meta.pages ?? 1) > 1,
  }
}

/** The variant widths for an image `width` pixels wide: the standard ones below it, plus its own width up to the largest. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width)
  const largest = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!
  const below = widths[widths.length - 1]
  // A full-size WebP too, unless it would nearly duplicate the variant below it.
  if (width <= largest && (below === undefined || width > below * 1.2)) widths.push(width)
  return widths
}

/**
 * Encodes the WebP variants of a still image: decoded once (EXIF orientation
 * applied, at the largest width needed), then each width encoded from those
 * pixels. WebP output carries no EXIF, GPS or other metadata.
 */
export async function encodeVariants(file: string, info: ImageInfo): Promise<EncodedVariant[]> {
  const widths = variantWidths(info.width)
  if (widths.length === 0) return []
  const top = Math.max(...widths)
  const sharp = await loadSharp()
  let decoded: { data: Buffer; info: Sharp.OutputInfo }
  try {
    decoded = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      .rotate()
      .resize({ width: top, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .timeout(IMAGE_TIMEOUT)
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw imageError(error)
  }
  const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels }
  const variants: EncodedVariant[] = []
  for (const width of widths) {
    let pipeline = sharp(decoded.data, { raw })
    if (width < raw.width) pipeline = pipeline.resize({ width })
    const out = await pipeline.webp({ quality: WEBP_QUALITY, effort: 4 }).timeout(IMAGE_TIMEOUT).toBuffer({ resolveWithObject: true })
    variants.push({ width: out.info.width, height: out.info.height, data: out.data })
  }
  return variants
}

/** The stored "original" of a still image is at most this many pixels on its longest side. */
export const MAX_ORIGINAL_SIDE = 2560

/**
 * Writes the original re-encoded upright in its own format, without EXIF, GPS
 * or other metadata (staff phone photos carry the place they were taken), and
 * no larger than MAX_ORIGINAL_SIDE: a 48 MP photo is never needed on the web,
 * and re-encoding it whole took seconds and hundreds of MB. GIFs carry no such
 * metadata and are kept as they are. Resolves to the stored size, or undefined.
 */
export async function writeCleanOriginal(
  file: string,
  format: string,
  out: string,
): Promise<{ width: number; height: number } | undefined> {
  const sharp = await loadSharp()
  const pipeline = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
    .rotate()
    .resize({ width: MAX_ORIGINAL_SIDE, height: MAX_ORIGINAL_SIDE, fit: 'inside', withoutEnlargement: true })
    .timeout(IMAGE_TIMEOUT)
  let info: Sharp.OutputInfo
  try {
    if (format === 'jpeg') info = await pipeline.jpeg({ quality: 88 }).toFile(out)
    else if (format === 'png') info = await pipeline.png({ compressionLevel: 7 }).toFile(out)
    else if (format === 'webp') info = await pipeline.webp({ quality: 88 }).toFile(out)
    else return undefined
  } catch (error) {
    // A full disk is not a bad image: the error handler answers it with 507.
    if (isOutOfSpace(error)) throw error
    throw imageError(error)
  }
  return { width: info.width, height: info.height }
}
