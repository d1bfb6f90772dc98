import { expect, test } from 'vitest'
import { areaOfPage, pageHints, readAreaCode } from '#schema/page-hints'

// What a signed-in page names ahead, as the server writes it into the page it sends and the
// service worker into the page it serves from its copy (the same function for both).

const answersOf = (hints: string) =>
  [...hints.matchAll(/rel="preload" as="fetch" href="([^"]+)"/g)].map((match) =>
    match[1]?.replaceAll('&amp;', '&'),
  )
const modulesOf = (hints: string) =>
  [...hints.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])

test('a page’s area: the sales area on its host or under its prefix, nowhere else', () => {
  expect(areaOfPage('/', false)).toBe('central')
  expect(areaOfPage('/users', false)).toBe('central')
  expect(areaOfPage('/gold-estates', false)).toBe('sales')
  expect(areaOfPage('/gold-estates/sales/12', false)).toBe('sales')
  // A path that only starts with the same letters is not under the prefix.
  expect(areaOfPage('/gold-estatesx', false)).toBe('central')
  // On the sales host every page is the sales area's.
  expect(areaOfPage('/', true)).toBe('sales')
  expect(areaOfPage('/dashboard', true)).toBe('sales')
})

test('a dashboard names its figures beside the session; other pages the session only', () => {
  const figures = '/api/gold-estates/commissions/dashboard?salesListLimit=1&upcomingLimit=5'
  const session = '/api/gold-estates/auth/user'
  expect(answersOf(pageHints('sales', '/dashboard', '', []))).toEqual([session, figures])
  expect(answersOf(pageHints('sales', '/', '', []))).toEqual([session, figures])
  expect(answersOf(pageHints('sales', '/gold-estates/', '/gold-estates', []))).toEqual([
    session,
    figures,
  ])
  expect(answersOf(pageHints('sales', '/gold-estates/sales/new', '/gold-estates', []))).toEqual([
    session,
  ])
  expect(answersOf(pageHints('central', '/', '/gold-estates', []))).toEqual([
    '/api/auth/user',
    '/api/stats',
    '/api/activities',
  ])
  expect(answersOf(pageHints('central', '/apps', '/gold-estates', []))).toEqual(['/api/auth/user'])
})

test('each area’s code is its routes chunk and what it imports, less what the entry loads', () => {
  const code = readAreaCode({
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_web-W.js'] },
    '_web-W.js': { file: 'assets/web-W.js' },
    '_start-S.js': { file: 'assets/start-S.js', imports: ['_web-W.js'] },
    '_signed-in-routes-C.js': {
      file: 'assets/signed-in-routes-C.js',
      name: 'signed-in-routes',
      imports: ['_start-S.js', '_web-W.js'],
    },
    '_sales-routes-E.js': {
      file: 'assets/sales-routes-E.js',
      name: 'sales-routes',
      imports: ['_start-S.js', '_sales-start-F.js'],
    },
    '_sales-start-F.js': { file: 'assets/sales-start-F.js', imports: ['_start-S.js'] },
  })
  expect(code.central).toEqual(['/assets/signed-in-routes-C.js', '/assets/start-S.js'])
  expect(code.sales).toEqual([
    '/assets/sales-routes-E.js',
    '/assets/start-S.js',
    '/assets/sales-start-F.js',
  ])
  expect(modulesOf(pageHints('sales', '/dashboard', '', code.sales))).toEqual(code.sales)
})
