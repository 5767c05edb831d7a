import { HERO_MESSAGES as M, type HeroSlideInput, type HeroSlideRow } from '#common/hero-schema'
import { apiRequest } from '~/lib/api'
import { heroKeys } from '~/lib/queries/hero'
import { useConfirmedMutation } from '../confirm'

/** The fields PUT takes back: a slide as it is, with some changed. */
export const asInput = (s: HeroSlideRow): HeroSlideInput => ({
  title: s.title,
  subtitle: s.subtitle,
  description: s.description,
  image: s.image,
  buttons: s.buttons,
  order: s.order,
  isActive: s.isActive,
})

/**
 * What staff do to slides, each after a confirm: 'Success!' with SPEC.md
 * section 8's 'Hero slide created/updated/deleted successfully', or the
 * server's message (else 'Failed to … hero slide').
 */
export function useHeroActions(options: { onSaved?: () => void } = {}) {
  const create = useConfirmedMutation({
    mutationFn: (values: HeroSlideInput) => apiRequest<HeroSlideRow>('POST', '/api/admin/hero-slides', values),
    success: M.created,
    failure: M.createFailed,
    invalidate: [heroKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const update = useConfirmedMutation({
    // The version the slide was read at: a save over someone else's newer change comes back 409 (the conflict dialog).
    mutationFn: ({ id, values, version }: { id: number; values: HeroSlideInput; version: number }) =>
      apiRequest<HeroSlideRow>('PUT', `/api/admin/hero-slides/${id}`, { ...values, version }),
    success: M.updated,
    failure: M.updateFailed,
    invalidate: [heroKeys.all],
    onSuccess: () => options.onSaved?.(),
  })
  const remove = useConfirmedMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/admin/hero-slides/${id}`),
    success: M.deleted,
    failure: M.deleteFailed,
    invalidate: [heroKeys.all],
  })
  return { create, update, remove }
}
