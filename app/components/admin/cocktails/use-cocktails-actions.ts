import { useQueryClient } from '@tanstack/react-query'
import type { CocktailsContentInput } from '#common/cocktails-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import { apiRequest } from '~/lib/api'
import { cocktailsKeys, type AdminCocktailsContent } from '~/lib/queries/cocktails'
import { useConfirmedMutation } from '../confirm'

/** Saving the cocktails page, after a confirm: 'Success!' / 'Saved successfully!', or the server's message back in the form. */
export function useCocktailsActions(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient()
  const save = useConfirmedMutation({
    // The version the page was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ values, version }: { values: CocktailsContentInput; version: number }) =>
      apiRequest<AdminCocktailsContent>('POST', '/api/admin/cocktails-content', { ...values, version }),
    success: ADMIN_MESSAGES.saved,
    failure: 'The cocktails page could not be saved. Please try again.',
    onSuccess: (saved) => {
      queryClient.setQueryData(cocktailsKeys.content, saved)
      options.onSaved?.()
    },
  })
  return { save }
}
