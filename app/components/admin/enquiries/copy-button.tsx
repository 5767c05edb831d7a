import { Check, Copy } from 'lucide-react'
import * as React from 'react'
import { COPIED_TICK_MS } from '#common/constants'
import { Button, type ButtonProps } from '~/components/ui/button'

/** A button that copies text and says 'Copied!' for a moment; a refused clipboard is ignored (SPEC.md section 8). */
export function CopyButton({ text, children, ...props }: { text: () => string; children: React.ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = React.useState(false)
  React.useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_TICK_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <Button
      type="button"
      {...props}
      onClick={() =>
        navigator.clipboard?.writeText(text()).then(
          () => setCopied(true),
          () => undefined,
        )
      }
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied!' : children}
    </Button>
  )
}
