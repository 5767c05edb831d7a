import type { ReactNode } from 'react'
import { cx } from '~/lib/cx'

/** A section's eyebrow, serif heading and optional lead, centred or left-aligned. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id?: string
  eyebrow?: string
  title: string
  children?: ReactNode
  align?: 'center' | 'left'
}) {
  return (
    <div className={cx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.25em] text-oak">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-semibold text-primary text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <div className="mt-4 text-lg text-muted-foreground">{children}</div>}
    </div>
  )
}
