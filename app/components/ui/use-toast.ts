import * as React from 'react'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#common/constants'
import { wantPageToaster } from './toaster-demand'
import type { ToastActionElement, ToastProps } from './toast'

/** The toast store of SPEC.md section 9: one visible at a time, removed 1,000,000 ms after dismissal. */
type ToasterToast = ToastProps & {
  id: string
  title?: React.ReactNode
  description?: React.ReactNode
  action?: ToastActionElement
}

type State = { toasts: ToasterToast[] }
type Action =
  | { type: 'ADD'; toast: ToasterToast }
  | { type: 'UPDATE'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string }

let count = 0
const genId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER))
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>()
const listeners: Array<(state: State) => void> = []
let memoryState: State = { toasts: [] }

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id)
    dispatch({ type: 'REMOVE', id })
  }, TOAST_REMOVE_DELAY_MS)
  removeTimeouts.set(id, timeout)
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) }
    case 'DISMISS': {
      for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id)
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      }
    }
    case 'REMOVE':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) }
  }
}

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action)
  for (const listener of listeners) listener(memoryState)
}

export type ToastInput = Omit<ToasterToast, 'id'>

/** Shows a toast; returns handles to update or dismiss it. */
export function toast(props: ToastInput) {
  // The viewport loads on demand (PageToaster): this toast waits in the store until it is in.
  wantPageToaster()
  const id = genId()
  const dismiss = () => dispatch({ type: 'DISMISS', id })
  dispatch({
    type: 'ADD',
    toast: {
      ...props,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss()
      },
    },
  })
  return { id, dismiss, update: (p: ToasterToast) => dispatch({ type: 'UPDATE', toast: { ...p, id } }) }
}

export function useToast() {
  const [state, setState] = React.useState<State>(memoryState)
  React.useEffect(() => {
    listeners.push(setState)
    // Catch up with a toast raised before this subscriber mounted (a page's effect runs first).
    setState(memoryState)
    return () => {
      const index = listeners.indexOf(setState)
      if (index > -1) listeners.splice(index, 1)
    }
  }, [])
  return { ...state, toast, dismiss: (id?: string) => dispatch({ type: 'DISMISS', id }) }
}
