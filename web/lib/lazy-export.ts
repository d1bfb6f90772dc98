import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react'

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for any component
type AnyComponent = ComponentType<any>

/**
 * A component loaded the first time it renders: `load` is the dynamic import of its module
 * (written out at the call, so the bundler splits it off), `name` the component's export.
 *
 * `preload()` loads it ahead. Once loaded, a new instance renders it at once instead of
 * through React.lazy, which suspends on its first render even when the module is in (its
 * answer is a promise): a Suspense fallback shown then holds the screen back until 300 ms
 * after it (React's throttle of revealed content). An instance keeps the way it started:
 * switching would mount its whole tree again.
 */
export function lazyExport<M extends Record<K, AnyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  type Props = ComponentProps<M[K]>
  let loaded: M[K] | undefined
  let loading: Promise<{ default: M[K] }> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module[name]
        return { default: module[name] }
      },
      (error: unknown) => {
        loading = undefined // the next preload tries again (the chunk may come once online)
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(preload)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React.lazy is
  function LazyExport(props: Props) {
    const [component] = useState<AnyComponent>(() => loaded ?? Lazy)
    return createElement(component, props)
  }
  return Object.assign(LazyExport, { preload })
}

type ScreenLoaders = Record<string, () => Promise<Record<string, AnyComponent>>>

/**
 * A route table's lazy screens, each keyed by its export's name, loaded as `lazyExport`
 * loads one: `lazyExports({ UsersPage: () => import('../central/users/users-page.tsx') })`.
 * Every import stays written out at its key, so each screen keeps its own chunk.
 */
export function lazyExports<L extends ScreenLoaders>(
  loaders: L & { [K in keyof L]: () => Promise<Record<K, AnyComponent>> },
) {
  type Loaded<K extends keyof L> = Awaited<ReturnType<L[K]>>
  const screens = Object.entries(loaders).map(([name, load]) => [name, lazyExport(load, name)])
  return Object.fromEntries(screens) as {
    [K in keyof L]: ReturnType<typeof lazyExport<Loaded<K>, K & keyof Loaded<K>>>
  }
}
