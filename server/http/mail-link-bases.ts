import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { isSalesHost, SALES_PREFIX } from './sales-base.ts'

/**
 * Where a mailed link of each area opens: `<central|sales>/reset-password/…`, and
 * `<setup[kind]>/setup/…` (the setup page lives at the root of either host).
 */
export type MailLinkBases = {
  central: string
  sales: string
  setup: { central: string; sales: string }
}

/**
 * Where links in a mail point: always PUBLIC_URL, never the request's Host (a forged Host
 * must not put an attacker's address in someone's mail); a request on SALES_HOST gets
 * Gold Estates links on that host, with PUBLIC_URL's scheme and port.
 */
export function findMailLinkBases(c: Context<AppEnv>, env: AppDeps['env']): MailLinkBases {
  const publicUrl = new URL(env.PUBLIC_URL)
  const salesOrigin = `${publicUrl.protocol}//${env.SALES_HOST}${publicUrl.port ? `:${publicUrl.port}` : ''}`
  const onSalesHost = isSalesHost(c, env.SALES_HOST)
  return {
    central: env.PUBLIC_URL,
    sales: onSalesHost ? salesOrigin : `${env.PUBLIC_URL}${SALES_PREFIX}`,
    setup: { central: env.PUBLIC_URL, sales: onSalesHost ? salesOrigin : env.PUBLIC_URL },
  }
}
