import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { ApiError, apiRequest, getJson } from '~/lib/api'

const RETENTION_KEY = ['/api/admin/guests/retention'] as const

/** Owners only: 'Keep guest details for … months after their last visit' (issue 37); the nightly job applies it. */
export function RetentionForm() {
  const queryClient = useQueryClient()
  const current = useQuery({
    queryKey: RETENTION_KEY,
    queryFn: async () => (await getJson<{ guestMonths: number }>('/api/admin/guests/retention'))!,
  })
  const [months, setMonths] = React.useState('')
  const save = useMutation({
    mutationFn: () =>
      apiRequest<{ guestMonths: number }>('PUT', '/api/admin/guests/retention', { guestMonths: Number(months) }),
    onSuccess: (saved) => queryClient.setQueryData(RETENTION_KEY, saved),
  })
  if (!current.data) return null
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-lg border border-border bg-card p-4 text-sm"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate()
      }}
    >
      <label htmlFor="guest-retention" className="flex flex-wrap items-center gap-2">
        Keep guest details for
        <Input
          id="guest-retention"
          type="number"
          min={1}
          max={240}
          className="w-20"
          value={months || String(current.data.guestMonths)}
          onChange={(e) => setMonths(e.target.value)}
        />
        months after their last visit
      </label>
      <Button type="submit" size="sm" variant="outline" pending={save.isPending}>
        Save
      </Button>
      <span aria-live="polite" className={save.isError ? 'text-destructive' : ''}>
        {save.isError
          ? save.error instanceof ApiError
            ? save.error.serverMessage
            : 'Not saved. Try again.'
          : save.isSuccess
            ? 'Saved.'
            : ''}
      </span>
    </form>
  )
}
