/**
 * A booking's visit on the night (issue 35), beside its status (pending,
 * confirmed, cancelled: SPEC.md, unchanged): expected until the party comes,
 * then arrived, seated and finished, or a no-show. Staff move it forward one
 * step at a time, or undo the last step.
 */
export const VISIT_STATES = ['expected', 'arrived', 'seated', 'finished', 'no_show'] as const
export type VisitState = (typeof VISIT_STATES)[number]

export const VISIT_STATE_LABELS: Record<VisitState, string> = {
  expected: 'Expected',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  no_show: 'No-show',
}

/** When each step was taken (ISO instants), null for a step not taken. */
export type VisitTimes = { arrivedAt: string | null; seatedAt: string | null; finishedAt: string | null; noShowAt: string | null }

export const NO_VISIT_TIMES: VisitTimes = { arrivedAt: null, seatedAt: null, finishedAt: null, noShowAt: null }
