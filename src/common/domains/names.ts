import { z } from 'zod';
import { normalizeTld } from './search.ts';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A registrable name as we hold it: one label plus a TLD ('example.com', 'example.co.uk'), lower-case ASCII. */
export function isRegistrableDomain(name: string): boolean {
  if (name.length > 253) return false;
  const dot = name.indexOf('.');
  if (dot <= 0) return false;
  return LABEL.test(name.slice(0, dot)) && normalizeTld(name.slice(dot + 1)) === name.slice(dot + 1);
}

/** Every domain-keyed function's `domain`: trimmed, lower-cased, one label and a TLD. */
export const domainName = z.string({ error: 'A domain name is required.' }).trim().toLowerCase()
  .min(1, 'A domain name is required.').max(253, 'This is not a valid domain name.')
  .refine(isRegistrableDomain, 'This is not a valid domain name.');
