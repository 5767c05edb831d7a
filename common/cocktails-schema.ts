/** The cocktails page content schema, shared by the admin panel and `POST /api/admin/cocktails-content`. */
import { z } from 'zod'
import { text } from './fields-schema'

/** The server keeps at most this many gallery images; the public page shows the first four. */
export const COCKTAILS_GALLERY_MAX = 12

export const COCKTAILS_LIMITS = {
  introText: 5000,
  descriptionText: 5000,
  specialOfferTitle: 200,
  specialOfferDetails: 1000,
  specialOfferTimes: 500,
} as const

export const CocktailsContentSchema = z.object({
  introText: text({ max: COCKTAILS_LIMITS.introText, multiline: true, label: 'Intro text' }),
  descriptionText: text({ max: COCKTAILS_LIMITS.descriptionText, multiline: true, label: 'Description' }),
  specialOfferTitle: text({ max: COCKTAILS_LIMITS.specialOfferTitle, label: 'Offer title' }),
  specialOfferDetails: text({ max: COCKTAILS_LIMITS.specialOfferDetails, label: 'Offer details' }),
  specialOfferTimes: text({ max: COCKTAILS_LIMITS.specialOfferTimes, label: 'Offer times' }),
  galleryImages: z
    .array(text({ max: 500, required: 'A gallery image needs a file name', label: 'Gallery image' }), {
      error: 'galleryImages must be a list of file names',
    })
    .max(COCKTAILS_GALLERY_MAX, `At most ${COCKTAILS_GALLERY_MAX} gallery images`),
})
export type CocktailsContentInput = z.infer<typeof CocktailsContentSchema>
