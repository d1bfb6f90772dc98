// The data contract of the Gold Estates screens (web/sales/*). Everything reads and writes
// the sales user's LOCAL database (RxDB, replicated with /api/sync/v1 over the sales
// session), so the screens work offline; only settings go through REST.
//
// - useSalesSession() → { status: 'loading' | 'signed-out' | 'signed-in', user?, refetch, forget }
//     user: { id, name, email, role: 'ADMIN' | 'MANAGER' | 'SELLER', status, the
//     organisation's id (read it with getSessionAccount), sellerId }. Screens behind the
//     sales guard may use useSalesUser() (throws otherwise).
// - useLocalSalesFigures(question) (use-local-sales-figures.ts) → LiveQuery of the figures
//     of every local sale (the dashboard, the statistics, the commission screen's page;
//     schema/local-sales-data.ts), built in the database worker (decision 026). A sale
//     registered here and not yet answered by the server has seq 0, and its lines count as
//     provisional pending commissions (id `${saleId}:${index}`, seq 0). A SELLER's database
//     holds only sales with a line of theirs, and only their own lines.
//     askSalesFiguresAhead(db, question) starts a question's figures before its screen
//     mounts (the wizard's press asks the Dashboard's, useDashboardQuestion); the screen's
//     query takes that live one over.
// - useSaleData(id) → { isLoading, data: SalesData, error? }: projects, sellers, that one
//     sale with its commission lines (stored inside it, decision 013) and payment parts,
//     live (schema/sales.ts document shapes, deleted ones left out); useSalesCatalog() the
//     projects and sellers only.
// - registerSale(payload: SalePayload, { userId, canReadAll }) → Promise<id>: payload = the sale create payload
//     (schema/sales.ts SaleCreateSchema input: amounts in cents computed with
//     calculateCommission, `commissions` lines). saleDate defaults to today. Throws
//     SalePayloadError (message = first problem) when the payload is invalid. The server
//     recomputes the amounts; a refusal undoes the local sale and shows up in
//     useRefusedSalesWrites().
// - setCommissionStatus({ id, saleId }, 'paid' | 'pending') → Promise<void> (ADMIN and
//     MANAGER): paid books what is still open as one payment part; pending undoes every
//     part; a line of 0 is marked through REST (the offline queue keeps it).
// - correctSale(id, correction), cancelSale(id, reason), addPaymentPart({ id, saleId },
//     { amount, paidOn, note }) → part id, undoPaymentPart(partId) (deal-writes.ts):
//     written locally and replicated; the server decides (a correction made before a
//     payment arrived is refused). They throw DealInputError with a Dutch message when a
//     local check refuses. useSaleData(id).data.payments lists the payment parts, and each
//     line's paidAmount and status already count the parts booked on this device.
// - approveSale(id, seq), rejectSale(id, reason) → { isQueued } (review-writes.ts, sales.approve):
//     "Goedkeuren" and "Afwijzen" of a sale "Ter beoordeling", by REST (the offline queue
//     keeps them without a connection); the sale's new review arrives with the next pull.
// - useRefusedSalesWrites() → { refused: RefusedChange[] ({ collection, id, label, reason,
//     at }), dismiss() }; filter on collection === 'sales' for refused sales. The sales
//     layout already toasts every refusal ('Wijziging geweigerd').
// - useSalesSettings() → { state: loading | ready { data, isFromCache } | failed,
//     reload(), save(changes) → { settings, queued } } (GET/PATCH /api/gold-estates/settings;
//     settings.currency 'EUR' | 'USD' | 'GBP', paymentTermDays).
// - usePlanBook() → PlanBook | undefined (schema/plan-resolution.ts), useCommissionPlans() →
//     { id, name, versions }[] | undefined, useSellerPosition(sellerId) → position with
//     { text: 'Nog € … tot … %' | null, planName, role } | null (on no plan) | undefined
//     (loading) (use-commission-plans.ts): commission plans from the local database
//     (decision 040), offline. A SELLER's database holds only their own plans and
//     placements and the projects' plans.
// - salesPath('/commissions') (web/lib/sales-path.ts) for every link and redirect: the sales
//     area is at '/gold-estates/...' on the central host and unprefixed on SALES_HOST.

export { salesPath } from '../../lib/sales-path.ts'
export {
  addPaymentPart,
  cancelSale,
  correctSale,
  DealInputError,
  type PaymentPartInput,
  type SaleCorrectionInput,
  todayAsPaidOn,
  undoPaymentPart,
} from './deal-writes.ts'
export { approveSale, type ReviewWriteResult, rejectSale } from './review-writes.ts'
export { useSalesDatabase } from './sales-database.tsx'
export { type SalesUser, useSalesSession, useSalesUser } from './sales-session.tsx'
export {
  registerSale,
  type SalePayload,
  SalePayloadError,
  type SalePlan,
  setCommissionStatus,
} from './sales-writes.ts'
export {
  useCommissionPlans,
  usePlanBook,
  usePlanProposalData,
  useSellerPosition,
} from './use-commission-plans.ts'
export { useRefusedSalesWrites, useSalesSyncStatus } from './use-refused-sales-writes.ts'
export { useSaleData, useSalesCatalog } from './use-sales-data.ts'
export {
  type SalesSettings,
  type SalesSettingsChanges,
  useSalesSettings,
} from './use-sales-settings.ts'
