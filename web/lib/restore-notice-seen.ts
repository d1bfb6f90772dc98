/**
 * localStorage keys of the restore notices a person closed, one per account: kept through
 * a logout (clearCachedData), so a closed notice stays closed at the next sign-in.
 */
export const RESTORE_NOTICE_SEEN_PREFIX = 'centraal.restoreNoticeSeen:'

/** True when this account closed the notice of the restore at `restoredAt`. */
export function isRestoreNoticeSeen(account: string, restoredAt: number): boolean {
  try {
    return localStorage.getItem(`${RESTORE_NOTICE_SEEN_PREFIX}${account}`) === String(restoredAt)
  } catch {
    return false
  }
}

/** Remembers that this account closed the notice of the restore at `restoredAt`. */
export function markRestoreNoticeSeen(account: string, restoredAt: number) {
  try {
    localStorage.setItem(`${RESTORE_NOTICE_SEEN_PREFIX}${account}`, String(restoredAt))
  } catch {
    // Storage can be unavailable (private mode); the notice then shows again next time.
  }
}
