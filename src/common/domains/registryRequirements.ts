/**
 * TLDs whose registry asks for registrant details beyond the contact fields we collect (US nexus,
 * Canadian legal type, EU or French residency, Australian eligibility, UK legal type, Spanish and
 * German identifiers...). Every registrar wants them as extended attributes of its own and refuses
 * the registration without them, after the customer has paid, so these TLDs are not sold until
 * the registration form collects them (docs/decisions.md). The list follows the TLDs for which
 * Namecheap's and Enom's APIs take extended attributes. The .uk names stay sold: Nominet
 * registers them without a registrant type (the registrars' uk legal-type attribute is optional).
 */
export const TLDS_NEEDING_REGISTRANT_FIELDS: ReadonlySet<string> = new Set([
  'us', 'ca', 'eu', 'fr', 'de', 'nu', 'it', 'nl', 'se', 'jp', 'cn', 'com.cn', 'hk', 'sg', 'com.sg', 'in', 'co.in', 'br', 'com.br',
  'au', 'com.au', 'net.au', 'org.au', 'id.au', 'asn.au',
  'es', 'com.es', 'nom.es', 'org.es',
]);

export function needsRegistrantFields(tld: string): boolean {
  return TLDS_NEEDING_REGISTRANT_FIELDS.has(tld.toLowerCase().replace(/^\./, ''));
}

/** The sentence a customer reads where such a TLD is searched or ordered. */
export const registrantFieldsNotSold = (tld: string) =>
  `We do not sell .${tld} domains: its registry needs registrant details (such as residency, nexus or legal type) that we do not collect yet.`;
