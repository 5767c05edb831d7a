import { ARTWORK, type Artwork } from '~/lib/artwork'
import { imageSource, type ImageSource } from '~/components/ui/responsive-image'

/** A public event as the events pages hand it to the browser (SPEC.md section 3's fields a guest sees). */
export type EventView = {
  id: number
  slug: string
  title: string
  description: string
  shortDescription: string | null
  date: string
  time: string | null
  endTime: string | null
  type: string
  image: string | null
  price: string | null
  capacity: number | null
  bookingType: 'table' | 'enquiry'
  venue: string | null
  contact: string | null
  depositRequired: string | null
  tags: string[]
}

/** Keeps only what a guest sees of an event row. */
export function toEventView(e: Omit<EventView, 'bookingType'> & { bookingType: string }): EventView {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    shortDescription: e.shortDescription,
    date: e.date,
    time: e.time,
    endTime: e.endTime,
    type: e.type,
    image: e.image,
    price: e.price,
    capacity: e.capacity,
    bookingType: e.bookingType === 'enquiry' ? 'enquiry' : 'table',
    venue: e.venue,
    contact: e.contact,
    depositRequired: e.depositRequired,
    tags: e.tags,
  }
}

/** The house picture for an event without its own, by kind of event. */
const FALLBACK: Record<string, Artwork> = {
  live_music: ARTWORK.venueEventSpace,
  quiz_night: ARTWORK.venueBar,
  wine_tasting: ARTWORK.venueDining,
  private_hire: ARTWORK.venueGarden,
  special_event: ARTWORK.tileEvents,
}

/** An event's picture: the staff's upload (described when the loader knows it), else the house picture for its kind. */
export function eventPicture(event: EventView, media: Record<string, ImageSource>): ImageSource & { alt: string; sizes?: string } {
  if (event.image) return { ...imageSource(event.image, media), alt: event.title }
  const art = FALLBACK[event.type] ?? ARTWORK.tileEvents
  return { src: art.src, srcSet: art.srcSet, width: art.width, height: art.height, alt: art.alt }
}

/** The event's time as the booking API reads it (SPEC.md section 7: the time with am/pm removed): stored as '19:30' already. */
export function bookingTime(time: string | null): string {
  return time ?? ''
}

export const EVENT_TYPE_LABELS: Record<string, string> = {
  live_music: 'Live Music',
  quiz_night: 'Quiz Night',
  wine_tasting: 'Wine Tasting',
  special_event: 'Special Event',
  private_hire: 'Private Hire',
  other: 'Event',
}
