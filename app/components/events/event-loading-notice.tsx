/** 'Loading event details...' while an event page loads on a click from another page (SPEC.md section 2). */
export function EventLoadingNotice({ active }: { active: boolean }) {
  return (
    <p role="status" aria-live="polite" className={active ? 'fixed inset-x-0 top-24 z-40 mx-auto w-fit rounded-full bg-forest px-5 py-2 font-semibold text-cream shadow-lg' : 'sr-only'}>
      {active ? 'Loading event details...' : ''}
    </p>
  )
}
