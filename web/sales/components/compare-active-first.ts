import { compareNames } from '../../lib/compare-names.ts'

type Listed = { id: string; name: string; status: string }

/** Active projects or sellers first, then by name (the id keeps equal names in place). */
export function compareActiveFirst(a: Listed, b: Listed) {
  const activeFirst = Number(b.status === 'active') - Number(a.status === 'active')
  return activeFirst || compareNames(a.name, b.name) || a.id.localeCompare(b.id)
}
