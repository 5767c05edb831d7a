import { cva } from 'class-variance-authority'
import type { MouseEvent, MouseEventHandler } from 'react'

/**
 * Button classes without the Button component: links styled as buttons on the
 * light public pages use these and skip tailwind-merge. Pick a variant rather
 * than overriding colours with extra classes.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
        brass: 'bg-brass text-forest-dark hover:bg-brass-light',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-12 rounded-md px-8 text-base',
        icon: 'h-10 w-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

const refuse = (event: MouseEvent) => event.preventDefault()

/**
 * A button that is off for now but keeps focus: its action is running, or it turned off as it was used (Next on
 * reaching the last page). A disabled button drops focus to the page, and with it a keyboard or screen-reader
 * user's place (after a refusal too, when they want to try again): this one keeps it, says it is unavailable
 * (`aria-disabled`, drawn as disabled) and refuses its click. That click is also what Enter in one of its form's
 * fields sends, so the form is not sent a second time either. The Button takes `pending` (or `disabled` with
 * `focusableWhenDisabled`); a plain `<button>` styled with `buttonVariants` spreads these.
 */
export function unavailableProps(unavailable: boolean, onClick?: MouseEventHandler<HTMLButtonElement>) {
  return unavailable ? { 'aria-disabled': true as const, onClick: refuse } : { onClick }
}
