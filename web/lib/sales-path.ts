/**
 * Which app this page is (docs/architecture.md, Hosts): on SALES_HOST the server marks the page
 * `<html data-area="sales">` and the whole app is the sales area at unprefixed paths;
 * on any other host the sales area lives under /gold-estates.
 */
export const IS_SALES_HOST =
  typeof document !== 'undefined' && document.documentElement.dataset.area === 'sales'

/** Where the sales area starts: '' on the sales host, '/gold-estates' elsewhere. */
export const SALES_BASE = IS_SALES_HOST ? '' : '/gold-estates'

/** A path of the sales area for links and redirects: salesPath('/login'). */
export function salesPath(path = '/'): string {
  const absolute = path.startsWith('/') ? path : `/${path}`
  if (!SALES_BASE) return absolute
  return absolute === '/' ? SALES_BASE : `${SALES_BASE}${absolute}`
}
