import { z } from 'zod';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { asObject, isoDate } from '../../contracts/shared.ts';
import { lookupDomainName } from './domainInput.ts';
import { WHOIS_LOOKUPS_PER_MINUTE } from './texts.ts';

export const whoisLookupResult = z.object({
  /** The name asked, lower-case ASCII (an IDN as its A-label). */
  domain: z.string(),
  source: z.enum(['rdap', 'whois']),
  /** false when the registry says the name is not registered. */
  registered: z.boolean(),
  registrar: z.string().nullable(),
  createdAt: isoDate.nullable(),
  updatedAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
  /** RDAP status words ('client transfer prohibited'); WHOIS's EPP codes in the same words. */
  statuses: z.array(z.string()),
  nameservers: z.array(z.string()),
  /** The registry's answer as received: RDAP's JSON (indented) or WHOIS's text. */
  raw: z.string(),
});
export type WhoisLookupResult = z.infer<typeof whoisLookupResult>;

export const whoisLookup = defineContract({
  name: 'whoisLookup',
  summary: `Looks any domain up at its registry: RDAP from the IANA bootstrap, port-43 WHOIS as the fallback; the parsed fields and the raw answer. At most ${WHOIS_LOOKUPS_PER_MINUTE} lookups a minute per operator (RESOURCE_EXHAUSTED beyond).`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ domain: lookupDomainName }, asObject).strict(),
  output: whoisLookupResult,
});

/** The back office's WHOIS lookup (issue 19). */
export const contracts = { whoisLookup } satisfies Record<string, FunctionContract>;
