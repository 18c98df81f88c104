import { z } from 'zod';
import { WHOIS_DOMAIN_INVALID, WHOIS_DOMAIN_REQUIRED, WHOIS_DOMAIN_TOO_LONG } from './texts.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A TLD is letters, or an IDN's A-label. */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Any domain name a registry could know, not only one we sell: LDH labels, a TLD of letters or an
 * A-label. A U-label name ('bücher.de') is turned into its A-label form by the URL parser, the same
 * in the browser and on the server. Anything with a scheme, path, port, space or control character
 * is refused rather than cleaned, so what is looked up is what the operator typed.
 */
export function toLookupName(input: string): string | null {
  const name = input.trim().toLowerCase().replace(/\.$/, '');
  if ([...name].some((char) => char <= ' ' || char === '\u007f') || /[/\\:@?#%]/.test(name)) return null;
  let ascii = name;
  if (/[^\x21-\x7e]/.test(name)) {
    try {
      ascii = new URL(`http://${name}`).hostname;
    } catch {
      return null;
    }
  }
  const labels = ascii.split('.');
  if (ascii.length > 253 || labels.length < 2) return null;
  if (!labels.every((label) => LABEL.test(label)) || !TLD.test(labels.at(-1)!)) return null;
  return ascii;
}

export const lookupDomainName = z.string({ error: WHOIS_DOMAIN_REQUIRED })
  .max(253, WHOIS_DOMAIN_TOO_LONG)
  .transform((value, ctx) => {
    if (!value.trim()) {
      ctx.addIssue({ code: 'custom', message: WHOIS_DOMAIN_REQUIRED });
      return z.NEVER;
    }
    const name = toLookupName(value);
    if (!name) {
      ctx.addIssue({ code: 'custom', message: WHOIS_DOMAIN_INVALID });
      return z.NEVER;
    }
    return name;
  });
