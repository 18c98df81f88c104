/** The provisioning queue's addresses, and the operator's service page it links to. */
export const queuePath = (stepId?: string) => (stepId ? `/super-admin/provisioning/${encodeURIComponent(stepId)}` : '/super-admin/provisioning');
export const servicePath = (serviceId: string) => `/super-admin/services/${encodeURIComponent(serviceId)}`;
