import { z } from 'zod'
import { ALLERGENS, type GuestCounts } from './guests'

/** Staff's guest search: `q` a name, an email or a phone however typed; 50 a page. */
export const GUESTS_PAGE_SIZE = 50
export const GuestQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search for 100 characters at most').optional().default(''),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).optional().default(1),
})

const id = z.number({ error: 'An id is a number' }).int().positive()

export const GuestPatchSchema = z
  .object({
    version: z.number({ error: 'version must be the version you read' }).int().positive(),
    notes: z.string().max(2000, 'Notes are 2,000 characters at most').optional(),
    allergies: z.array(z.enum(ALLERGENS, { error: 'Pick allergens from the list' })).max(ALLERGENS.length).optional(),
    allergyNotes: z.string().max(500, 'Other dietary needs are 500 characters at most').optional(),
    tags: z
      .array(z.string().trim().min(1, 'A tag cannot be empty').max(30, 'A tag is 30 characters at most'))
      .max(20, '20 tags at most')
      .optional(),
  })
  .strict()
export type GuestPatch = z.infer<typeof GuestPatchSchema>

export const GuestEraseSchema = z.object({ confirm: z.string({ error: "Type the guest's email to confirm" }).max(320) }).strict()

export const GuestMergeSchema = z
  .object({ keepId: id, mergeId: id })
  .strict()
  .refine((m) => m.keepId !== m.mergeId, { message: 'Pick two different guests to merge', path: ['mergeId'] })

export const RetentionSchema = z
  .object({ guestMonths: z.number({ error: 'Months must be a number' }).int('Whole months').min(1, 'At least 1 month').max(240, '240 months at most') })
  .strict()

export const GUEST_MESSAGES = {
  notFound: 'That guest was not found.',
  erased: 'That guest has been erased.',
  confirmMismatch: "Type the guest's email exactly to confirm the erasure.",
  noEmail: 'This guest has no email to confirm with.',
} as const

/** A guest as the back-office lists it. */
export type AdminGuestSummary = {
  id: number
  name: string
  email: string | null
  phone: string
  tags: string[]
  allergies: string[]
  erased: boolean
  updatedAt: string
}
export type GuestList = { guests: AdminGuestSummary[]; total: number; page: number; pageSize: number }

export type GuestBooking = {
  id: number
  date: string
  startTime: string
  partySize: number
  status: string
  visitState: string
  source: string
  /** This booking's place among the guest's visits: 3 for '3rd visit' (their visits before it, plus one). */
  visitNumber: number
}

/** A guest's profile: the record, its derived counts, and what is linked to it. */
export type AdminGuest = AdminGuestSummary & {
  notes: string
  allergyNotes: string
  version: number
  createdAt: string
  counts: GuestCounts
  bookings: GuestBooking[]
  enquiries: { id: number; eventTitle: string; eventDate: string | null; partySize: number; status: string; createdAt: string }[]
  emails: { id: number; templateKey: string; subject: string | null; status: string; sentAt: string | null; createdAt: string }[]
  consents: { id: number; action: 'given' | 'withdrawn'; place: string; wording: string; at: string }[]
}

/** The compact line of each listed booking's card: `?reservations=1,2,3` (200 at most). */
export const GuestLinesQuerySchema = z.object({
  reservations: z
    .string({ error: 'reservations: booking ids, commas between' })
    .max(2000)
    .regex(/^\d{1,9}(,\d{1,9}){0,199}$/, 'reservations: up to 200 booking ids, commas between')
    .transform((v) => v.split(',').map(Number)),
})

/** A booking's guest as its card shows it: this booking's place among their visits, their no-shows, allergies and tags. */
export type GuestCardLine = { guestId: number; visitNumber: number; noShows: number; allergies: string[]; allergyNotes: string; tags: string[] }
