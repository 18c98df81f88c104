/** The detail page of a domain we hold. */
export const domainPath = (domain: string) => `/domains/${encodeURIComponent(domain)}`;
