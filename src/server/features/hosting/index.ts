<<<<<<< HEAD
/** The hosting area's public face: what other areas (billing, the lifecycle, the back office) may use. */
export { findServer, panelOfServer, sealServerCredentials, connectionOf, type ServerRow } from './servers/connection.ts';
export { listMappings } from './products/service.ts';
=======
/** The hosting area's public face: what billing and the catalogue may call. */
export { driveHostingFromSubscription, type SubscriptionFacts } from './lifecycle/billingDrive.ts';
export { checkHostingOrder, type HostingOrder, keepHostingOrder } from './lifecycle/orderFields.ts';
export { orderFieldsOfProducts } from './lifecycle/billingRepository.ts';
>>>>>>> main
