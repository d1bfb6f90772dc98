const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true })

type Listed = { id: string; name: string; status: string }

/** Active projects or sellers first, then by name (the id keeps equal names in place). */
export function compareActiveFirst(a: Listed, b: Listed) {
  const activeFirst = Number(b.status === 'active') - Number(a.status === 'active')
  return activeFirst || byName.compare(a.name, b.name) || a.id.localeCompare(b.id)
}
