/**
 * What a step's sealed secrets are bound to (sealCredentials' associated data): the customer's
 * new password travels in hosting_steps.input sealed with this binding, and the runner opens it
 * with the same string, so a sealed value copied into another column or table does not open.
 */
export const STEP_PASSWORD_BINDING = 'hosting_steps:password';
