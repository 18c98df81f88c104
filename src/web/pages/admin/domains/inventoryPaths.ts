/** The back office's page of one managed domain (spec §2: /super-admin/domains/{domain}). */
export const adminDomainPath = (domain: string) => `/super-admin/domains/${encodeURIComponent(domain)}`;
export const BULK_MAP_PATH = '/super-admin/domains/bulk-map';
export const INVENTORY_PATH = '/super-admin/domains';
