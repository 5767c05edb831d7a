import { WaitlistList } from '../waitlist/waitlist-list'

/**
 * The day's waitlist beside the arrivals (issue 35): the shared list of
 * app/components/admin/waitlist, open, under its own heading.
 */
export function WaitlistArea({ date }: { date: string }) {
  return <WaitlistList date={date} titleId="tonight-waitlist-title" />
}
