import * as React from 'react'
import { TextField } from './fields'

/**
 * The second factor at sign-in, once the password was right: the 6-digit code from an authenticator app or a
 * recovery code. On the sign-in page and in the back-office's signed-out dialog; it takes focus as it appears.
 */
export function TotpCodeField(props: Omit<React.ComponentProps<typeof TextField>, 'label' | 'hint' | 'inputMode' | 'autoComplete' | 'autoFocus'>) {
  return (
    <TextField
      label="Authentication code"
      hint="The 6-digit code from your authenticator app, or one of your recovery codes."
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      {...props}
    />
  )
}
