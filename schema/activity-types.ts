/**
 * What an activity is about, each with its own badge: a user, an app, the settings, or a
 * sale of Gold Estates (approved, rejected, corrected, cancelled, imported).
 */
export const ACTIVITY_TYPES = ['user', 'app', 'settings', 'sale'] as const

/** One of ACTIVITY_TYPES. */
export type ActivityType = (typeof ACTIVITY_TYPES)[number]
