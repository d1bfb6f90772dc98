import type { Context } from 'hono'
import { SALES_PREFIX } from '#schema/page-hints'

export { SALES_PREFIX }

/** True when the request came in on the dedicated sales host (SALES_HOST). */
export function isSalesHost(c: Context, salesHost: string) {
  const host = (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase()
  return host === salesHost.toLowerCase()
}

/** '' on the sales host, '/gold-estates' anywhere else. */
export function getSalesBase(c: Context, salesHost: string) {
  return isSalesHost(c, salesHost) ? '' : SALES_PREFIX
}
