/**
 * The public forms' proof-of-work challenge, in the browser (docs/decisions/0021).
 * The ALTCHA widget is loaded only once a guest starts on a form (its first
 * focus or touch), never with the page, so no page fetches more script while
 * it loads; it then solves a challenge in a web worker while the guest types,
 * with nothing on screen (display 'invisible', no pointer tracking). A form
 * sends the solution with its post; the server asks for one only past a few
 * attempts an hour, and answers 400 'challenge_required' when it must have
 * one: the form then solves a fresh one and sends again (`sendWithChallenge`).
 * A new public form does the same: `useChallenge(formRef)` and `sendWithChallenge`.
 */
import { useEffect, useRef, type RefObject } from 'react'
import { ApiError } from './api'

/** The endpoint that issues challenges (server/api/reservation-routes.ts). */
const CHALLENGE_URL = '/api/altcha/challenge'
/** How long a submit waits for a solve still running: on a slow phone a few seconds at most (docs/performance.md). */
const SOLVE_WAIT_MS = 20_000

type Widget = HTMLElement & {
  configure: (config: Record<string, unknown>) => Promise<void>
  verify: () => Promise<{ payload: string } | null>
}

/** How the widget is set up: the work in the background, nothing shown, no pointer or scroll collection (the work alone is the proof). */
const WIDGET_CONFIG = {
  challenge: CHALLENGE_URL,
  auto: 'off',
  display: 'invisible',
  hideLogo: true,
  hideFooter: true,
  humanInteractionSignature: false,
  minDuration: 0,
}

/**
 * Loads the widget's module once, and makes one hidden widget inside `host`,
 * resolving once it has mounted (its methods exist only then: it says so
 * with a 'load' event). Its settings go in as an attribute, so that they
 * hold from the start.
 */
async function createWidget(host: HTMLElement): Promise<Widget> {
  await import('altcha')
  const widget = document.createElement('altcha-widget') as unknown as Widget
  widget.setAttribute('configuration', JSON.stringify(WIDGET_CONFIG))
  // Nothing for a guest to see, hear or tab to.
  widget.setAttribute('aria-hidden', 'true')
  widget.hidden = true
  const mounted = new Promise((resolve) => widget.addEventListener('load', resolve, { once: true }))
  host.appendChild(widget)
  await mounted
  return widget
}

/** A challenge a form solves in the background: `take()` gives a solution for one post (or undefined when none could be had). */
export type Challenge = { take: () => Promise<string | undefined> }

/**
 * Starts solving when the guest first focuses or touches the form in
 * `formRef` (a form in a dialog: as soon as `open` is true), and keeps a
 * solution ready: each `take()` hands one out (waiting for the solve under
 * way) and starts the next, as each solution is good for one post only.
 */
export function useChallenge(formRef: RefObject<HTMLElement | null>, open?: boolean): Challenge {
  const state = useRef<{ host?: HTMLElement; widget?: Promise<Widget>; next?: Promise<string | undefined> }>({})

  function solve(): Promise<string | undefined> {
    const host = formRef.current
    if (!host) return Promise.resolve(undefined)
    // A dialog's form is made anew each time it opens: its widget with it.
    if (state.current.host !== host) state.current = { host, widget: createWidget(host) }
    const next = state.current.widget!
      .then((widget) => widget.verify())
      .then((result) => result?.payload)
      .catch(() => undefined)
    state.current.next = next
    return next
  }

  useEffect(() => {
    const el = formRef.current
    if (!el || open === false) return
    const start = () => {
      if (!state.current.next || state.current.host !== formRef.current) void solve()
    }
    if (open) return start()
    el.addEventListener('focusin', start, { once: true })
    el.addEventListener('pointerdown', start, { once: true })
    return () => {
      el.removeEventListener('focusin', start)
      el.removeEventListener('pointerdown', start)
    }
    // `solve` reads the form through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  return {
    async take() {
      const pending = state.current.next ?? solve()
      state.current.next = undefined
      const payload = await Promise.race([pending, new Promise<undefined>((resolve) => setTimeout(resolve, SOLVE_WAIT_MS))])
      // The next post gets its own solution, worked out while the guest reads the answer to this one.
      void solve()
      return payload
    },
  }
}

/**
 * Sends a form's post with a solution (when one is ready), and when the server
 * says it must have one (400 'challenge_required'), once more with a fresh one.
 */
export async function sendWithChallenge<T>(challenge: Challenge, send: (altcha: string | undefined) => Promise<T>): Promise<T> {
  try {
    return await send(await challenge.take())
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'challenge_required')) throw error
    return send(await challenge.take())
  }
}
