/** The hosting area's public face: what billing and the catalogue may call. */
export { driveHostingFromSubscription, type SubscriptionFacts } from './lifecycle/billingDrive.ts';
export { checkHostingOrder, type HostingOrder, keepHostingOrder } from './lifecycle/orderFields.ts';
export { orderFieldsOfProducts } from './lifecycle/billingRepository.ts';
export { requestStep, type StepRequest } from './lifecycle/requestStep.ts';
export { stepPasswordInput } from './lifecycle/stepPassword.ts';
