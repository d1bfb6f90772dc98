import { eq } from 'drizzle-orm'
import { salesSettings } from '#schema/db/organisation'
import type { SecretBox } from '../../auth/secret-box.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'

// The CRM API key is kept sealed (AES-256-GCM, the installation's secret key), bound to
// its organisation, so neither the file nor a backup of it holds the key in clear.

const SEALED = /^v1:[^:]+:[^:]+:[^:]*$/
const purposeOf = (organisationId: string) => `sales_settings.xms_api_key:${organisationId}`

/** The key as it is stored; null stays null. */
export function sealCrmKey(box: SecretBox, organisationId: string, key: string | null) {
  return key === null ? null : box.seal(key, purposeOf(organisationId))
}

/**
 * The key in clear. A key an older version stored in clear is returned as it is; one
 * sealed for another organisation or with a lost secret key reads as no key.
 */
export function openCrmKey(box: SecretBox, organisationId: string, stored: string | null) {
  if (stored === null || !SEALED.test(stored)) return stored
  try {
    return box.open(stored, purposeOf(organisationId))
  } catch {
    return null
  }
}

/** The key for a delivery; one still stored in clear (an older version) is sealed now. */
export function readCrmKey(db: OrganisationDb, box: SecretBox, organisationId: string) {
  const stored = db.select({ key: salesSettings.xmsApiKey }).from(salesSettings).get()?.key ?? null
  if (stored !== null && !SEALED.test(stored)) {
    db.update(salesSettings)
      .set({ xmsApiKey: sealCrmKey(box, organisationId, stored) })
      .where(eq(salesSettings.organisationId, organisationId))
      .run()
  }
  return openCrmKey(box, organisationId, stored)
}
