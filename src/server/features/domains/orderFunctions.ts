/** registerDomain, renewDomain, payDomainOrder, getDomainOrder. */
export const handlers = [];
