/**
 * The banners across the top of every back-office panel (issue 36): a bank
 * holiday or festive day of the next 60 days still on ordinary hours, and a
 * site address that is not set or not where the site is served from. Each
 * links to where it is put right and can be dismissed for this browser
 * session; it comes back in a new session while the cause is still there.
 */
import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Globe, X } from 'lucide-react'
import * as React from 'react'
import { Link } from 'react-router'
import { inDays, type DayThatMatters } from '#common/days-that-matter'
import { SITE_ADDRESS_MESSAGES, type SiteAddressStatus } from '#common/site-address'
import { formatShortDate } from '#common/time'
import { noticesQuery } from '~/lib/queries/notices'
import { LoadingState } from './panel'

type NoticeId = 'days-that-matter' | 'site-address'
const storageKey = (id: NoticeId) => `notice-dismissed:${id}`

/** Whether a notice was dismissed in this browser session (sessionStorage: gone when the browser closes). */
function useDismissed(id: NoticeId): [boolean, () => void] {
  const [dismissed, setDismissed] = React.useState(false)
  React.useEffect(() => {
    try {
      setDismissed(sessionStorage.getItem(storageKey(id)) === '1')
    } catch {
      // Storage refused (a private window's quota): the notice stays until dismissed again.
    }
  }, [id])
  const dismiss = () => {
    setDismissed(true)
    try {
      sessionStorage.setItem(storageKey(id), '1')
    } catch {
      // As above: dismissed for this page only.
    }
  }
  return [dismissed, dismiss]
}

function Notice({ id, icon: Icon, title, children, action }: { id: NoticeId; icon: typeof Globe; title: string; children: React.ReactNode; action: React.ReactNode }) {
  const [dismissed, dismiss] = useDismissed(id)
  if (dismissed) return null
  const titleId = `notice-${id}-title`
  return (
    <section aria-labelledby={titleId} data-testid={`notice-${id}`} className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 print:hidden">
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        {/* Not a heading: the panel's own headings come after, and this is a note beside them. */}
        <p id={titleId} className="font-semibold">
          {title}
        </p>
        <div>{children}</div>
        <div>{action}</div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        className="-m-1 rounded-sm p-1 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Dismiss "${title}" for this session`}
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </section>
  )
}

const linkClass = 'font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

function DaysNotice({ days, today }: { days: DayThatMatters[]; today: string }) {
  const first = days[0]!
  const title =
    days.length === 1 ? `${first.name} is ${inDays(first.date, today)} and still on ordinary hours` : `${days.length} days that matter in the next 60 days are still on ordinary hours`
  return (
    <Notice
      id="days-that-matter"
      icon={CalendarClock}
      title={title}
      action={
        <Link to="/admin?section=hours&tab=days" className={linkClass}>
          Set the hours in Opening Hours
        </Link>
      }
    >
      <ul className="flex flex-wrap gap-x-3">
        {days.map((d) => (
          <li key={d.date}>
            {d.name} ({formatShortDate(d.date)})
          </li>
        ))}
      </ul>
    </Notice>
  )
}

function SiteAddressNotice({ status }: { status: SiteAddressStatus }) {
  const message = status.problem === 'mismatch' ? SITE_ADDRESS_MESSAGES.mismatch(status.siteUrl, status.servedFrom ?? '') : SITE_ADDRESS_MESSAGES.notSet
  return (
    <Notice
      id="site-address"
      icon={Globe}
      title={status.problem === 'mismatch' ? 'Check the site address' : 'Set the site address'}
      action={
        status.fromEnv ? (
          <p>{SITE_ADDRESS_MESSAGES.fixFromEnv}</p>
        ) : (
          <Link to="/admin?section=settings" className={linkClass}>
            {SITE_ADDRESS_MESSAGES.fix}
          </Link>
        )
      }
    >
      <p>{message}</p>
    </Notice>
  )
}

/** How long a panel waits for the banners above it before it shows anyway. */
const BANNERS_WAIT_MS = 1_500

/**
 * The banners, then the panel below them, shown together. A banner that came after the panel pushed it
 * down under a click already on its way: 'Add Area' pressed as the banners arrived (they are read about a
 * second late when the server has just started) landed on a banner, and nothing opened. So the panel shows
 * once the banners are read, or could not be, or after 1.5 s at most; its chunk loads meanwhile.
 */
export function BannersThenPanel({ banners, preload, children }: { banners: boolean; preload?: () => Promise<unknown>; children: React.ReactNode }) {
  const notices = useQuery({ ...noticesQuery, enabled: banners })
  const [waited, setWaited] = React.useState(false)
  React.useEffect(() => {
    // A chunk that fails to load fails the panel itself, which says so.
    preload?.().catch(() => undefined)
  }, [preload])
  React.useEffect(() => {
    if (!banners) return
    const timer = setTimeout(() => setWaited(true), BANNERS_WAIT_MS)
    return () => clearTimeout(timer)
  }, [banners])
  return (
    <>
      {banners && <NoticeBanners />}
      {!banners || !notices.isPending || waited ? children : <LoadingState />}
    </>
  )
}

/** The banners that apply now; nothing while they load or if they cannot be read (a panel's own errors say more). */
function NoticeBanners() {
  const notices = useQuery(noticesQuery)
  const data = notices.data
  if (!data) return null
  const days = data.daysOnOrdinaryHours
  if (days.length === 0 && !data.siteAddress.problem) return null
  return (
    <div className="mb-4 space-y-2">
      {data.siteAddress.problem && <SiteAddressNotice status={data.siteAddress} />}
      {days.length > 0 && <DaysNotice days={days} today={data.today} />}
    </div>
  )
}
