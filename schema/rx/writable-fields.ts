/**
 * The fields a client may write, per replicated collection (the protocol's names). The
 * server takes only these from a push and judges replays and conflicts on them; a
 * client resolving a conflict carries only these onto the server's state, so a field the
 * server sets (seq, paidAt, soldUnits, ...) always comes from the server.
 */
export const WRITABLE_FIELDS = {
  users: ['name', 'email', 'role', 'status'],
  appConnections: ['name', 'url', 'description', 'status'],
  activities: [],
  projects: ['name', 'location', 'type', 'label', 'description', 'totalUnits', 'status'],
  sellers: ['name', 'email', 'phone', 'role', 'status'],
  sales: [
    'projectId',
    'clientName',
    'clientEmail',
    'clientPhone',
    'propertyNumber',
    'saleDate',
    'deliveryDate',
    'salePrice',
    'commissionPercentage',
    'totalCosts',
    'costsDescription',
    'discountPercentage',
    // A correction's new split; a cancellation sets status 'cancelled' with its reason.
    'splits',
    'status',
    'cancelReason',
  ],
  commissions: ['status'],
  commissionPayments: ['commissionId', 'amount', 'paidOn', 'note'],
  // Commission plans are written through REST by the sales ADMIN (decision 040).
  commissionPlans: [],
  commissionPlanVersions: [],
  planPlacements: [],
  projectRates: [],
} as const satisfies Record<string, readonly string[]>
