import { type ComponentType, createElement, Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { lazyExport } from '../../web/lib/lazy-export.ts'

// A screen's code loaded ahead (main.tsx loads the opened area's before the first render)
// renders at once: no Suspense fallback, which React would hold on screen for 300 ms.
// renderToString shows it: it never waits, so a component that suspends gives the fallback
// (with a note that it switched to it).

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hallo ${name}`)
}

const render = (component: ComponentType<{ name: string }>) =>
  renderToString(
    createElement(Suspense, { fallback: 'Laden...' }, createElement(component, { name: 'Anna' })),
  )

test('a screen not loaded yet suspends; once loaded ahead it renders at once, with its props', async () => {
  let loads = 0
  const LazyGreeting = lazyExport(async () => {
    loads++
    return { Greeting }
  }, 'Greeting')
  const before = render(LazyGreeting)
  expect(before).toContain('Laden...')
  expect(before).not.toContain('Hallo')
  await LazyGreeting.preload()
  expect(render(LazyGreeting)).toBe('<!--$--><p>Hallo Anna</p><!--/$-->')
  await LazyGreeting.preload()
  expect(loads).toBe(1)
})

test('a load that failed (offline, the chunk not cached) is tried again by the next preload', async () => {
  let isOnline = false
  const LazyGreeting = lazyExport(async () => {
    if (!isOnline) throw new TypeError('Failed to fetch dynamically imported module')
    return { Greeting }
  }, 'Greeting')
  await expect(LazyGreeting.preload()).rejects.toThrow('Failed to fetch')
  isOnline = true
  await LazyGreeting.preload()
  expect(render(LazyGreeting)).toContain('Hallo Anna')
})
