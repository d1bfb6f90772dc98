import { type ComponentType, lazy } from 'react'

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for any component
type AnyComponent = ComponentType<any>

/**
 * A component loaded the first time it renders: `load` is the dynamic import of its module
 * (written out at the call, so the bundler splits it off), `name` the component's export.
 */
export function lazyExport<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }))
}
