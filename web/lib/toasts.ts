import { useSyncExternalStore } from 'react'

/** Toast behaviour from docs/behaviour.md, The shell. */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export type ToastVariant = 'default' | 'destructive'

/** A button inside the toast, e.g. 'Ongedaan maken'; pressing it also closes the toast. */
export type ToastAction = { label: string; onAction: () => void }

export type ToastInput = {
  title: string
  description?: string
  variant?: ToastVariant
  action?: ToastAction
}

export type ToastItem = ToastInput & { id: number; open: boolean }

/** A failed save on the screens of local data (apps, projects, sellers). */
export const SAVE_FAILED_TOAST: ToastInput = {
  title: 'Fout',
  description: 'Er is iets misgegaan. Probeer het opnieuw.',
  variant: 'destructive',
}

/**
 * The toasts of an add or edit dialog of a named record on those screens: '<noun>
 * toegevoegd' or '<noun> bijgewerkt' with its name, and SAVE_FAILED_TOAST.
 */
export function recordSaveToasts(noun: string, isEdit: boolean) {
  return {
    savedToast: (_: unknown, fields: { name: string }): ToastInput => ({
      title: `${noun} ${isEdit ? 'bijgewerkt' : 'toegevoegd'}`,
      description: fields.name,
    }),
    failedToast: () => SAVE_FAILED_TOAST,
  }
}

let toasts: readonly ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>()

function publish(next: readonly ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

/** Shows a toast; a newer toast replaces the visible one (at most TOAST_LIMIT). */
export function showToast(input: ToastInput): number {
  const id = nextId++
  publish([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return id
}

/**
 * Closes a toast. It stays in the list (closed) for TOAST_REMOVE_DELAY_MS, as documented,
 * so its exit animation can finish; a newer toast pushes it out earlier.
 */
export function dismissToast(id: number) {
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)))
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      publish(toasts.filter((toast) => toast.id !== id))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current toasts, for the Toaster. */
export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts)
}
