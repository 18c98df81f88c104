/**
 * The domains area's public face: what the back office may read and call (the order desk, the
 * account and user pages, the stats). Everything else in domains/ is private to the area
 * (tools/eslint/importBoundaries.js).
 */
export { countOrdersInProgress, domainNamesOf, domainsOfAccount, moveDomains, ordersOfAccount, ordersOfUsersAccounts } from './accountHoldings.ts';
export { domainCountOf, recentOrderCountOf } from './fragments.ts';
export { activeSuppliers, isActiveSupplier, recordManualCompletion } from './fulfilment/byOperator.ts';
export { OrderMovedMeanwhile } from './fulfilment/outcome.ts';
export { settleForOperator } from './fulfilment/settle.ts';
export type { OperatorSettlement } from './fulfilment/settle.ts';
export { countFailedOrders, failedDeskOrders, pageOfDeskOrders } from './orders/deskList.ts';
export type { OrderFilters, OrderListPosition, SortOrder } from './orders/deskList.ts';
export { findOperatorOrder, moveOrderByOperator, registrationAttemptsOf, reopenForRetry, setDeskNotes } from './orders/deskOrder.ts';
export type { DeskNotes, OperatorOrder } from './orders/deskOrder.ts';
export { countOrdersByStatus, countOrdersPerDay, countOrdersSince } from './orders/orderStats.ts';
export { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE } from './orders/queues.ts';
export type { FulfilOrderJob } from './orders/queues.ts';
export { claimOrderForRefund, findOrderView, insertOrder, lockOrder, releaseRefundClaim, transitionOrder } from './orders/repository.ts';
export { askRefund, type OrderRefund, recordRefundOf, refundableOf, RefundNotMade } from './orders/refund.ts';
export { listDifferences } from './portfolio/repository.ts';
export type { DifferenceView } from './portfolio/repository.ts';
export { requestPortfolioSync } from './portfolio/job.ts';
export { decideHeldChange, findHeldChange, listHeldChanges } from './pricing/costHoldsService.ts';
export { orderEconomicsOf } from './orders/deskOrder.ts';
export { findSupplier } from './pricing/supplierSyncRepository.ts';
export { attemptStatsSince, lastAttemptAt, supplierOverview } from './suppliers/overview.ts';
export type { SupplierCallStats, SupplierOverviewRow } from './suppliers/overview.ts';
export { setSupplierActiveRow, tldsOnlyThisSupplierSells } from './suppliers/activation.ts';
export { syncSupplierDomainList } from './suppliers/domainSync.ts';
export type { DomainSyncResult } from './suppliers/domainSync.ts';
export { whereDomainIsHeld } from './suppliers/heldAt.ts';
export { correctDomainRecord, findOperatorDomain, findOperatorDomains, lockDomain, markDomainVerified, storeDomainSettings, supplierChoices, supplierExists } from './operatorRecords.ts';
export type { OperatorDomainChanges, OperatorDomainRow } from './operatorRecords.ts';
export { registrarOf, shortReason, SUPPLIER_CALL_TIMEOUT_MS } from './management/registrar.ts';
export { withBilling } from './management/settings.ts';
export { parseContacts, parseNameservers } from './records.ts';
export { readWhmcsCsv, readWhmcsCsvInTurns, WhmcsCsvRefused } from './whmcsImport/readWhmcsCsv.ts';
export type { WhmcsCsvRead, WhmcsDomainRow, WhmcsRowIssue } from './whmcsImport/readWhmcsCsv.ts';
export { normalizeDomain } from './whmcsImport/normalizeDomain.ts';
export { createImportedDomains, domainsHeld, supplierIds, updateImportedDomain, wouldChange } from './whmcsImport/inventory.ts';
export type { HeldDomain, ImportedDomainFields } from './whmcsImport/inventory.ts';
export { NARROW_PREFIX_ROWS, pageOfInventory, type InventoryFilters, type InventoryPosition, type InventoryRow, type InventorySort } from './inventory/inventoryList.ts';
export { deleteInventoryDomain, findInventoryDomain, hasWorkInFlight, moveInventoryDomain } from './inventory/inventoryRecords.ts';
export { findDomainByName, insertDomain } from './records.ts';
