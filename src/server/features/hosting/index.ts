/** The hosting area's public face: what billing, the catalogue and the back office may call. */
export { driveHostingFromSubscription, type SubscriptionFacts } from './lifecycle/billingDrive.ts';
export { checkHostingOrder, type HostingOrder, keepHostingOrder } from './lifecycle/orderFields.ts';
export { orderFieldsOfProducts } from './lifecycle/billingRepository.ts';
export { findServer, panelOfServer, sealServerCredentials, connectionOf, type ServerRow } from './servers/connection.ts';
export { listMappings } from './products/service.ts';
export { requestStep, type StepRequest } from './lifecycle/requestStep.ts';
export { stepPasswordInput } from './lifecycle/stepPassword.ts';
