import type { SQL } from 'drizzle-orm'
import type { PermissionName } from '#schema/permissions'
import type { Actor, ServiceContext } from '#server/context'

/** How one replicated collection maps onto a table and the services that write it. */
export type ServerCollection = {
  name: string
  /** Which session replicates it: the central admin area or Gold Estates. */
  area: 'central' | 'sales'
  /** Needed to pull and to be told of changes. */
  readPermission: PermissionName
  /**
   * Rows with seq > checkpoint (and at most `through`) that the actor may read, in seq
   * order, at most limit.
   */
  selectChanges(
    ctx: ServiceContext,
    checkpoint: number,
    limit: number,
    through?: number,
  ): { seq: number; document: Record<string, unknown>; deleted: boolean }[]
  /**
   * Whether what this actor reads depends on who they are, beyond the rights and seller
   * their access key names (a SELLER's own share); absent: it does not. Readers whose
   * documents are the same share one reading when a change is streamed.
   */
  isPersonal?: (actor: Actor) => boolean
  /** The stored row as a document, tombstones included; undefined when there is none. */
  findDocument(
    ctx: ServiceContext,
    id: string,
  ): { document: Record<string, unknown>; deleted: boolean } | undefined
  /** Fields a client may write; duplicates and conflicts are judged on these. */
  writableFields: readonly string[]
  /**
   * Documents are created and deleted, never edited (payment parts): a pushed delete has no
   * edit to conflict with, so it is applied even when the device never saw the stored copy
   * (it deleted its own create before the answer came back).
   */
  isNeverEdited?: boolean
  /** Fields a creating push hands to `write.create`; absent: the writable fields. */
  createFields?: readonly string[]
  /**
   * Writes through the services (which check rights and log activity); absent: read-only.
   * A write may return what the system directory does after it (AfterPush).
   */
  write?: {
    /** Gets the whole pushed document (a sale carries its commission lines). */
    create(ctx: ServiceContext, id: string, document: Record<string, unknown>): AfterPush
    /** Gets the changed writable fields and the whole pushed document (what its author saw). */
    update(
      ctx: ServiceContext,
      id: string,
      changes: Record<string, unknown>,
      document: Record<string, unknown>,
    ): AfterPush
    delete(ctx: ServiceContext, id: string): AfterPush
  }
}

/**
 * The system directory's part of a replicated write, run once the push's transaction
 * committed (it cannot await; decision 047); nothing when the write has none.
 */
export type AfterPush = (() => Promise<void>) | undefined | void

/** An extra condition a collection may add to its pull (a SELLER sees only their own). */
export type ReadFilter = (ctx: ServiceContext) => SQL | undefined
