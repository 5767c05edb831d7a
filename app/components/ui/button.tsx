import { Slot } from '@radix-ui/react-slot'
import { type VariantProps } from 'class-variance-authority'
import * as React from 'react'
import { cn } from '~/lib/utils'
import { buttonVariants, unavailableProps } from './button-variants'

export { buttonVariants }

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean
    /** Its action is running: it keeps focus but does nothing (`unavailableProps`). */
    pending?: boolean
    /** `disabled` keeps focus too, for a button that turns off as it is used (Next on reaching the last page). */
    focusableWhenDisabled?: boolean
  }

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant, size, asChild = false, pending = false, focusableWhenDisabled = false, disabled, onClick, ...props }, ref) => {
    const Comp = asChild ? Slot : 'button'
    const unavailable = pending || (focusableWhenDisabled && !!disabled)
    return (
      <Comp
        className={cn(buttonVariants({ variant, size, className }))}
        ref={ref}
        disabled={unavailable ? undefined : disabled}
        {...props}
        {...unavailableProps(unavailable, onClick)}
      />
    )
  },
)
Button.displayName = 'Button'
