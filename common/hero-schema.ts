/** Hero slides (SPEC.md sections 2, 3, 5, 8 and 9): the request schema, the messages and the button suggestions. */
import { z } from 'zod'
import { text, wholeNumber } from './fields-schema'

export const HERO_MESSAGES = {
  created: 'Hero slide created successfully',
  updated: 'Hero slide updated successfully',
  deleted: 'Hero slide deleted successfully',
  createFailed: 'Failed to create hero slide',
  updateFailed: 'Failed to update hero slide',
  deleteFailed: 'Failed to delete hero slide',
  buttonTextRequired: 'Button text is required',
  buttonLinkRequired: 'Button link is required',
  titleRequired: 'Title is required',
  subtitleRequired: 'Subtitle is required',
  descriptionRequired: 'Description is required',
  imageRequired: 'Image is required',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload image',
  uploadErrorTitle: 'Upload error',
  uploadError: 'An error occurred while uploading the image',
  uploadedTitle: 'Success',
  uploaded: 'Image uploaded successfully',
} as const

/** SPEC.md section 9: the quick button suggestions; the first four are offered. */
export const BUTTON_SUGGESTIONS = [
  { text: 'Book a Table', link: '/contact' },
  { text: 'View Menu', link: '/menu' },
  { text: 'See Events', link: '/events' },
  { text: 'Private Hire', link: '/private-hire' },
  { text: 'Cocktails', link: '/cocktails' },
] as const
export const OFFERED_BUTTON_SUGGESTIONS = BUTTON_SUGGESTIONS.slice(0, 4)

/** More buttons than this do not fit on a phone's slide. */
export const MAX_SLIDE_BUTTONS = 4
export const MAX_SLIDE_ORDER = 1000

/** A page of the site (/menu), a web address, or a phone or mail link: never javascript: or data:. */
const isSafeLink = (v: string) => /^(?:\/(?!\/)|https?:\/\/|tel:|mailto:|#)/i.test(v)
/** A stored upload or site picture (/uploads/…, /images/…) or a web address. */
const isImagePath = (v: string) => /^(?:\/(?!\/)|https:\/\/)/i.test(v)

export const SlideButtonSchema = z.object({
  text: text({ max: 40, required: HERO_MESSAGES.buttonTextRequired, label: 'Button text' }),
  link: text({ max: 500, required: HERO_MESSAGES.buttonLinkRequired, label: 'Button link' }).refine(
    isSafeLink,
    'Button link must be a page of the site (/menu), a web address (https://), or a tel: or mailto: link',
  ),
})

/** A slide as staff add and edit it; `order` defaults on the server to the number of slides. */
export const HeroSlideSchema = z.object({
  title: text({ max: 120, required: HERO_MESSAGES.titleRequired, label: 'Title' }),
  subtitle: text({ max: 200, required: HERO_MESSAGES.subtitleRequired, label: 'Subtitle' }),
  description: text({ max: 600, multiline: true, required: HERO_MESSAGES.descriptionRequired, label: 'Description' }),
  image: text({ max: 500, required: HERO_MESSAGES.imageRequired, label: 'Image' }).refine(isImagePath, 'Image must be an uploaded image or one of the venue pictures'),
  buttons: z
    .array(SlideButtonSchema, { error: 'buttons must be a list of { text, link }' })
    .max(MAX_SLIDE_BUTTONS, `A slide has at most ${MAX_SLIDE_BUTTONS} buttons`)
    .default([]),
  order: wholeNumber({ min: 0, max: MAX_SLIDE_ORDER, message: `Order must be a whole number from 0 to ${MAX_SLIDE_ORDER}` }).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
})
export type HeroSlideInput = z.infer<typeof HeroSlideSchema>
export type HeroSlideForm = z.input<typeof HeroSlideSchema>

/** A slide as the admin API returns it. */
export type HeroSlideRow = {
  id: number
  title: string
  subtitle: string
  description: string
  image: string
  buttons: { text: string; link: string }[]
  order: number
  isActive: boolean
  updatedAt: string
  /** What a save sends back: the version this copy was read at. */
  version: number
}
