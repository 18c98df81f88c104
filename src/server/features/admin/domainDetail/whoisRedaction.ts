/**
 * Whether a registry's answer withholds its contact data: RDAP's `redacted` member (RFC 9537)
 * when it lists anything, or the words registries print in place of a contact ("REDACTED FOR
 * PRIVACY", "Data Protected", "Withheld for Privacy", "Not Disclosed").
 */
const REDACTION = /\bredacted\b|data protected|withheld for privacy|not disclosed/i;
const EMPTY_RDAP_REDACTIONS = /"redacted"\s*:\s*\[\s*\]/gi;

export function whoisRedacted(raw: string): boolean {
  return REDACTION.test(raw.replace(EMPTY_RDAP_REDACTIONS, ''));
}
