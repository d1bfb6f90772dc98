import {
  renderBackupFailedMail,
  renderRegistrationMail,
  renderRestoreMail,
} from '../../mail/admin-alert-mails.tsx'
import type { AdministratorAlert } from './notify-administrators.ts'

const HOUR_MS = 60 * 60 * 1000

/**
 * A registration waits for approval. At most one mail per administrator per hour: a
 * stranger registering again and again (each throttled per client) cannot flood them.
 */
export function registrationWaiting(
  organisationId: string,
  person: { name: string; email: string },
  at = Date.now(),
): AdministratorAlert {
  const hour = Math.floor(at / HOUR_MS)
  return {
    kind: 'registration-waiting',
    dedupeKey: (userId) => `registration-waiting:${organisationId}:${userId}:${hour}`,
    render: (links, organisationName) =>
      renderRegistrationMail(links, { organisationName, ...person }),
  }
}

/** A backup was restored: once per restore (its epoch) and administrator. */
export function organisationRestored(
  organisationId: string,
  restore: { restoredBy: string; restoredAt: number; backupCreatedAt: number },
): AdministratorAlert {
  return {
    kind: 'organisation-restored',
    dedupeKey: (userId) =>
      `organisation-restored:${organisationId}:${restore.restoredAt}:${userId}`,
    render: (links, organisationName) => renderRestoreMail(links, { organisationName, ...restore }),
  }
}

/** The automatic backup failed: once per day and administrator, however often it is retried. */
export function backupFailed(
  organisationId: string,
  failure: { at: number; error: string },
): AdministratorAlert {
  const day = new Date(failure.at).toISOString().slice(0, 10)
  return {
    kind: 'backup-failed',
    dedupeKey: (userId) => `backup-failed:${organisationId}:${userId}:${day}`,
    render: (links, organisationName) =>
      renderBackupFailedMail(links, { organisationName, ...failure }),
  }
}
