/**
 * The one form kit: a labelled control with its hint and error, wired for
 * screen readers (the error is announced and named by aria-describedby).
 * Admin forms and sign-in bind these with react-hook-form over the zod
 * schemas in common/ (`register` passes name, ref and handlers straight
 * through); the booking page binds them to its own state.
 */
import * as React from 'react'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { cx } from '~/lib/cx'

type FieldFrame = {
  label: React.ReactNode
  /** The field's message, shown under it and announced. */
  error?: string
  /** A line of help under the control. */
  hint?: React.ReactNode
  /** Classes for the wrapper (grid placement). */
  fieldClassName?: string
}

const controlIds = (id: string, error?: string, hint?: React.ReactNode) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
})

/** The label, the control (given as a child, which gets the id and the aria wiring), the hint and the error. */
export function Field({ id, label, error, hint, fieldClassName, children }: FieldFrame & { id: string; children: React.ReactElement }) {
  return (
    <div className={cx('grid content-start gap-2', fieldClassName)}>
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children as React.ReactElement<Record<string, unknown>>, { id, ...controlIds(id, error, hint) })}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** A field's message. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null
  return (
    <p id={id} className="text-sm font-semibold text-destructive">
      {error}
    </p>
  )
}

export const TextField = React.forwardRef<HTMLInputElement, FieldFrame & React.ComponentProps<'input'>>(
  ({ label, error, hint, fieldClassName, id, ...input }, ref) => {
    const generated = React.useId()
    return (
      <Field id={id ?? generated} label={label} error={error} hint={hint} fieldClassName={fieldClassName}>
        <Input ref={ref} {...input} />
      </Field>
    )
  },
)
TextField.displayName = 'TextField'

export const TextareaField = React.forwardRef<HTMLTextAreaElement, FieldFrame & React.ComponentProps<'textarea'>>(
  ({ label, error, hint, fieldClassName, id, ...textarea }, ref) => {
    const generated = React.useId()
    return (
      <Field id={id ?? generated} label={label} error={error} hint={hint} fieldClassName={fieldClassName}>
        <Textarea ref={ref} {...textarea} />
      </Field>
    )
  },
)
TextareaField.displayName = 'TextareaField'

export type Option = { value: string; label: string }

/**
 * A native select: on a phone behind the bar it opens the system picker, and
 * it works with the keyboard and before the page's script has run.
 */
export const SelectField = React.forwardRef<HTMLSelectElement, FieldFrame & React.ComponentProps<'select'> & { options: readonly Option[] }>(
  ({ label, error, hint, fieldClassName, id, options, className, ...select }, ref) => {
    const generated = React.useId()
    return (
      <Field id={id ?? generated} label={label} error={error} hint={hint} fieldClassName={fieldClassName}>
        <NativeSelect ref={ref} options={options} className={className} {...select} />
      </Field>
    )
  },
)
SelectField.displayName = 'SelectField'

/** The select itself, for places that label it another way (a table row). */
export const NativeSelect = React.forwardRef<HTMLSelectElement, React.ComponentProps<'select'> & { options: readonly Option[] }>(
  ({ options, className, ...select }, ref) => (
    <select
      ref={ref}
      className={cx(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive md:text-sm',
        className,
      )}
      {...select}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  ),
)
NativeSelect.displayName = 'NativeSelect'

/**
 * Brings a message that just appeared into view and gives it focus. On a phone
 * a form dialog is scrolled to its Save button when the server's answer (a
 * conflict, a refusal) appears at its top: without this, Save seems to do
 * nothing. Focus also takes a screen reader, and the next Tab, to the message
 * and the buttons inside it ('Save anyway').
 */
function useRevealOnAppear(message: string | undefined) {
  const ref = React.useRef<HTMLDivElement>(null)
  // A message already there as the form opens (an expired link's page) did not answer a Save: left where it is.
  const shown = React.useRef(message)
  React.useEffect(() => {
    const appeared = Boolean(message) && message !== shown.current
    shown.current = message
    const el = ref.current
    if (!appeared || !el) return
    el.scrollIntoView({ block: 'nearest' })
    el.focus({ preventScroll: true })
  }, [message])
  return ref
}

/** A message about the whole form (what the server said), announced when it appears, and scrolled into view and focused. */
export function FormError({ message, children }: { message?: string; children?: React.ReactNode }) {
  const ref = useRevealOnAppear(message)
  if (!message) return null
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      data-form-error
      className="scroll-my-4 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p className="font-semibold">{message}</p>
      {children}
    </div>
  )
}
