import { SAVE_FAILED_TOAST, showToast } from '../../lib/toasts.ts'

type ActiveStatus = 'active' | 'inactive'

type ToggleActiveStatusOptions = {
  item: { name: string; status: string }
  /** The question before deactivating, and before activating again. */
  question: { deactivate: string; activate: string }
  /** The toast titles after deactivating and after activating. */
  toastTitle: { deactivated: string; activated: string }
  update: (status: ActiveStatus) => Promise<unknown>
}

/** Asks, then switches a project or seller between active and inactive, with a toast. */
export async function toggleActiveStatus({
  item,
  question,
  toastTitle,
  update,
}: ToggleActiveStatusOptions) {
  const isActive = item.status === 'active'
  if (!window.confirm(isActive ? question.deactivate : question.activate)) return
  try {
    await update(isActive ? 'inactive' : 'active')
    showToast({
      title: isActive ? toastTitle.deactivated : toastTitle.activated,
      description: item.name,
    })
  } catch {
    showToast(SAVE_FAILED_TOAST)
  }
}
