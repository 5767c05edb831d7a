import { useQueryClient } from '@tanstack/react-query'
import type { CocktailsContentInput } from '#common/cocktails-schema'
import { ADMIN_MESSAGES } from '#common/messages'
import type { CocktailsContent } from '#common/settings'
import { apiRequest } from '~/lib/api'
import { cocktailsKeys } from '~/lib/queries/cocktails'
import { useConfirmedMutation } from '../confirm'

/** Saving the cocktails page, after a confirm: 'Success!' / 'Saved successfully!', or the server's message back in the form. */
export function useCocktailsActions(options: { onSaved?: () => void } = {}) {
  const queryClient = useQueryClient()
  const save = useConfirmedMutation({
    mutationFn: (next: CocktailsContentInput) => apiRequest<CocktailsContent>('POST', '/api/admin/cocktails-content', next),
    success: ADMIN_MESSAGES.saved,
    failure: 'The cocktails page could not be saved. Please try again.',
    onSuccess: (saved) => {
      queryClient.setQueryData(cocktailsKeys.content, saved)
      options.onSaved?.()
    },
  })
  return { save }
}
