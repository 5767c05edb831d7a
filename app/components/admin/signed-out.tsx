/**
 * The back-office once its session has ended under it (app/lib/staff-session.ts): a banner saying since when,
 * and a dialog to sign in again where staff are. Nothing on the screen is thrown away, an unsaved booking form
 * included: once signed in, every query is fetched again and the change can be saved again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LogIn } from 'lucide-react'
import * as React from 'react'
import { SIGNED_OUT_MESSAGES } from '#common/live-messages'
import { MESSAGES } from '#common/messages'
import { STAFF_MESSAGES } from '#common/staff-schema'
import { minutesToTime, zonedParts } from '#common/time'
import { FormError, TextField } from '~/components/forms/fields'
import { TotpCodeField } from '~/components/forms/totp-code-field'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { firstUsable } from '~/components/ui/focus-when-ready'
import { toast } from '~/components/ui/use-toast'
import { ApiError, apiRequest } from '~/lib/api'
import { sessionResumed, useStaffSession } from '~/lib/staff-session'
import { AdminContext } from './admin-context'

export function SignedOut({ username }: { username: string }) {
  const { endedAt, asks } = useStaffSession()
  const { venueTimezone } = React.useContext(AdminContext)
  const [open, setOpen] = React.useState(false)
  // Opened when the session is found ended, and again for each change tried after staff put it away.
  React.useEffect(() => setOpen(endedAt !== null), [endedAt, asks])
  if (!endedAt) return null
  return (
    <>
      <div
        role="status"
        data-testid="signed-out-banner"
        className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 print:hidden"
      >
        <LogIn className="size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 basis-56">{SIGNED_OUT_MESSAGES.since(minutesToTime(zonedParts(endedAt, venueTimezone).minutes))}</span>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
          Sign In
        </Button>
      </div>
      {open && <SignInAgain username={username} onClose={() => setOpen(false)} />}
    </>
  )
}

/** Username (the one signed out, which may be changed), password, and the 2FA code when the account has one. */
function SignInAgain({ username, onClose }: { username: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [name, setName] = React.useState(username)
  const [password, setPassword] = React.useState('')
  const [code, setCode] = React.useState<string | null>(null)
  const [problem, setProblem] = React.useState<string>()
  const signIn = useMutation({
    mutationFn: () => apiRequest('POST', '/api/login', { username: name.trim(), password, ...(code !== null ? { code: code.trim() } : {}) }),
    onSuccess: () => {
      sessionResumed()
      // Whatever changed meanwhile, and who is signed in now (another member of staff may have): all asked again.
      void queryClient.invalidateQueries()
      toast({ title: SIGNED_OUT_MESSAGES.signedInAgain })
      onClose()
    },
    onError: (error) => {
      const body = error instanceof ApiError ? (error.body as { totpRequired?: boolean } | null) : null
      if (body?.totpRequired) {
        // The password was right: now the code (a wrong one says so).
        setProblem(code === null ? undefined : STAFF_MESSAGES.totpInvalid)
        setCode((c) => c ?? '')
        return
      }
      if (!(error instanceof ApiError)) setProblem(SIGNED_OUT_MESSAGES.noConnection)
      else setProblem(error.status === 429 ? error.serverMessage : MESSAGES.loginFailedText)
    },
  })
  const passwordField = React.useRef<HTMLInputElement>(null)
  return (
    <Dialog open onOpenChange={(next) => !next && !signIn.isPending && onClose()}>
      <DialogContent
        onOpenAutoFocus={(event) => {
          // The username is filled in: straight to the password.
          event.preventDefault()
          passwordField.current?.focus()
        }}
        onCloseAutoFocus={(event) => {
          // Back to the refusal of the change that asked to sign in (a form's message), where the change is tried
          // again. It is looked for now: it may have taken focus just before this dialog opened, or just after.
          const refusal = firstUsable([...document.querySelectorAll('[data-form-error]')].reverse())
          if (!refusal) return
          event.preventDefault()
          refusal.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>{SIGNED_OUT_MESSAGES.title}</DialogTitle>
          <DialogDescription>{SIGNED_OUT_MESSAGES.text}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!name.trim() || !password) {
              setProblem(!name.trim() ? MESSAGES.usernameRequired : MESSAGES.passwordRequired)
              return
            }
            setProblem(undefined)
            signIn.mutate()
          }}
        >
          <FormError message={problem} />
          <TextField label="Username" autoComplete="username" autoCapitalize="none" value={name} onChange={(e) => setName(e.target.value)} />
          <TextField ref={passwordField} label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {code !== null && <TotpCodeField value={code} onChange={(e) => setCode(e.target.value)} />}
          <DialogFooter>
            <Button type="button" variant="outline" pending={signIn.isPending} onClick={onClose}>
              Not Now
            </Button>
            <Button type="submit" pending={signIn.isPending}>
              {signIn.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
