// An off-machine copy's key: `<prefix><organisation>/<UTC time>.sqlite`. The time is ISO
// 8601 with ':' as '-' (safe in any S3 key and file name), so keys sort by time. The '/'
// after the id keeps one organisation's listing from holding another's (org-a, org-ab).

/** Where the organisation's copies are listed. */
export const organisationPrefix = (prefix: string, organisationId: string) =>
  `${prefix}${organisationId}/`

/** The key of the organisation's copy made at `madeAt`. */
export const makeCopyKey = (prefix: string, organisationId: string, madeAt: Date) =>
  `${organisationPrefix(prefix, organisationId)}${madeAt.toISOString().replaceAll(':', '-')}.sqlite`

/**
 * The name the system file's copies go under, in place of an organisation's id: an
 * organisation's id never starts with '_' (ORGANISATION_ID), so it meets none.
 */
export const SYSTEM_COPY = '_system'
