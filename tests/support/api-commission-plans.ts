/** A tier of a plan's role: from this volume (cents) on, this share (%). */
type Tier = { fromVolume: number; share: number }

/** A plan's roles, changed to one: the closer at 60 % with these tiers (in this order). */
export const closerWithTiers = (...tiers: Tier[]) => ({
  roles: [{ role: 'closer', share: 60, tiers }],
})
