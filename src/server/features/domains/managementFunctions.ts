/** listDomains and the domain-keyed functions of /domains/{domain}. */
export const handlers = [];
