import { zodResolver } from '@hookform/resolvers/zod'
import * as React from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ROLE_LABELS, ROLES } from '#common/permissions'
import { PASSWORD_MIN_LENGTH, StaffAccountCreateSchema, StaffAccountPatchSchema, type StaffAccount } from '#common/staff-schema'
import { FormError, SelectField, TextField } from '~/components/forms/fields'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Label } from '~/components/ui/label'
import { RadioGroup, RadioGroupItem } from '~/components/ui/radio-group'
import type { StaffActions } from './use-staff-actions'

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))
export const ROLE_HELP: Record<(typeof ROLES)[number], string> = {
  staff: 'Bookings, arrivals and enquiries; reads the content panels.',
  manager: 'Everything staff can, plus deleting, content, templates, settings, the marketing list and the audit log.',
  owner: 'Everything, plus staff accounts and guest data erasure.',
}

type CreateForm = z.input<typeof StaffAccountCreateSchema>
type PatchForm = z.input<typeof StaffAccountPatchSchema>

/** Add Account: who, their role, and how they get their first password (a link by email, or one given now). */
export function CreateAccountDialog({ open, onOpenChange, actions }: { open: boolean; onOpenChange: (open: boolean) => void; actions: StaffActions }) {
  const [how, setHow] = React.useState<'link' | 'password'>('link')
  const form = useForm<CreateForm, unknown, z.output<typeof StaffAccountCreateSchema>>({
    resolver: zodResolver(StaffAccountCreateSchema),
    defaultValues: { username: '', firstName: '', lastName: '', email: '', role: 'staff', password: '' },
  })
  const errors = { ...form.formState.errors }
  const server = actions.create.fieldErrors
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Account</DialogTitle>
          <DialogDescription>A member of staff signs in with their own username and password.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((values) => {
            const input = how === 'link' ? { ...values, password: undefined } : values
            actions.create.ask({
              title: 'Create this account?',
              description: how === 'link' ? 'They get an email with a link to set their password (it works for 72 hours).' : 'Give them the first password yourself.',
              detail: `${input.username} · ${ROLE_LABELS[input.role]}`,
              confirmLabel: 'Create Account',
              variables: input,
              returnTo: 'form',
            })
          })}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Username" autoComplete="off" autoCapitalize="none" error={errors.username?.message ?? server.username} {...form.register('username')} />
            <SelectField label="Role" options={ROLE_OPTIONS} hint={ROLE_HELP[form.watch('role') ?? 'staff']} error={errors.role?.message} {...form.register('role')} />
            <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
            <TextField label="Email" type="email" autoComplete="off" fieldClassName="sm:col-span-2" error={errors.email?.message ?? server.email} {...form.register('email')} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">How they get a password</legend>
            <RadioGroup value={how} onValueChange={(v) => setHow(v as 'link' | 'password')} className="grid gap-2">
              <div className="flex items-center gap-2">
                <RadioGroupItem id="how-link" value="link" />
                <Label htmlFor="how-link">Email them a link to set it</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem id="how-password" value="password" />
                <Label htmlFor="how-password">Set a first password now</Label>
              </div>
            </RadioGroup>
          </fieldset>
          {how === 'password' && (
            <TextField
              label="First password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`}
              error={errors.password?.message ?? server.password}
              {...form.register('password')}
            />
          )}
          <FormError message={actions.create.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={actions.create.pending}>
              {actions.create.pending ? 'Saving...' : 'Create Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** Edit: names, email and role of an account. */
export function EditAccountDialog({ account, onOpenChange, actions }: { account: StaffAccount; onOpenChange: (open: boolean) => void; actions: StaffActions }) {
  const form = useForm<PatchForm, unknown, z.output<typeof StaffAccountPatchSchema>>({
    resolver: zodResolver(StaffAccountPatchSchema),
    defaultValues: { firstName: account.firstName ?? '', lastName: account.lastName ?? '', email: account.email ?? '', role: account.role },
  })
  const errors = form.formState.errors
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit {account.username}</DialogTitle>
          <DialogDescription>A new role applies from their next click.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit((patch) =>
            actions.update.ask({ title: 'Save changes?', description: 'The account changes at once.', detail: account.username, confirmLabel: 'Save Changes', variables: { id: account.id, patch }, returnTo: 'form' }),
          )}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextField label="Last name" error={errors.lastName?.message} {...form.register('lastName')} />
            <TextField label="Email" type="email" fieldClassName="sm:col-span-2" error={errors.email?.message ?? actions.update.fieldErrors.email} {...form.register('email')} />
            <SelectField label="Role" options={ROLE_OPTIONS} fieldClassName="sm:col-span-2" hint={ROLE_HELP[form.watch('role') ?? account.role]} {...form.register('role')} />
          </div>
          <FormError message={actions.update.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={actions.update.pending}>
              {actions.update.pending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
