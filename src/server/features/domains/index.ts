/**
 * The domains area's public face: what the back office's order desk may read and call. Everything
 * else in domains/ is private to the area (tools/eslint/importBoundaries.js).
 */
export { registrarContactsOf } from './fulfilment/contacts.ts';
export { OrderMovedMeanwhile, recordRegistration, recordRenewal } from './fulfilment/outcome.ts';
export { FULFIL_ORDER_JOB_OPTIONS, FULFIL_ORDER_QUEUE } from './orders/queues.ts';
export type { FulfilOrderJob } from './orders/queues.ts';
export {
  claimOrderForRefund, findOrder, findOrderView, insertOrder, lockOrder, releaseRefundClaim, transitionOrder, updateOrderFields,
} from './orders/repository.ts';
export type { OrderRow } from './orders/repository.ts';
export { findDomainByName } from './records.ts';
