/** The back office's page of one object: /super-admin/{section}/{id}. */
export const adminPath = (section: 'users' | 'accounts' | 'orders' | 'tickets' | 'mail' | 'services' | 'provisioning', id: string) => `/super-admin/${section}/${encodeURIComponent(id)}`;
