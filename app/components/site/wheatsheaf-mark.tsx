/** The venue's mark: a sheaf of wheat, drawn in the current text colour. */
export function WheatsheafMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 40" className={className} aria-hidden="true" focusable="false" fill="none">
      <g stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <path d="M16 39V14M16 30c-3-4-7-6-11-16M16 30c3-4 7-6 11-16" />
        <path d="M10 33h12" />
      </g>
      <g fill="currentColor">
        <ellipse cx="16" cy="6" rx="2.4" ry="5" />
        <ellipse cx="12.6" cy="12" rx="2" ry="4.2" transform="rotate(-25 12.6 12)" />
        <ellipse cx="19.4" cy="12" rx="2" ry="4.2" transform="rotate(25 19.4 12)" />
        <ellipse cx="5.6" cy="12" rx="1.8" ry="3.8" transform="rotate(-35 5.6 12)" />
        <ellipse cx="26.4" cy="12" rx="1.8" ry="3.8" transform="rotate(35 26.4 12)" />
      </g>
    </svg>
  )
}
