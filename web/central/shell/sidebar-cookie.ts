/** Constants (docs/behaviour.md): the sidebar's expanded state lives in this cookie for 7 days. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7

/** Expanded unless the cookie says otherwise. */
export function readSidebarExpanded(): boolean {
  const entry = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`))
  return entry?.split('=')[1] !== 'false'
}

export function writeSidebarExpanded(isExpanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie, read on the next visit; no Cookie Store API needed
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${isExpanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}
