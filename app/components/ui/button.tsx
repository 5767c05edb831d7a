import { Slot } from '@radix-ui/react-slot'
import { type VariantProps } from 'class-variance-authority'
import * as React from 'react'
import { cn } from '~/lib/utils'
import { buttonVariants, pendingProps } from './button-variants'

export { buttonVariants }

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean
    /** Its action is running: it keeps focus but does nothing (`pendingProps`). Use `disabled` for a button that cannot be used yet. */
    pending?: boolean
  }

export const Button = React.forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant, size, asChild = false, pending = false, onClick, ...props }, ref) => {
    const Comp = asChild ? Slot : 'button'
    return <Comp className={cn(buttonVariants({ variant, size, className }))} ref={ref} {...props} {...pendingProps(pending, onClick)} />
  },
)
Button.displayName = 'Button'
