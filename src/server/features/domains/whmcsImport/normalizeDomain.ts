import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The form we store: lower case, IDNs as punycode (A-labels), no trailing dot. Null when the
 * value is not a registrable-looking name (at least two labels, LDH labels, 253 characters).
 */
export function normalizeDomain(raw: string): string | null {
  const trimmed = raw.trim().replace(/\.$/, '');
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const ascii = domainToASCII(trimmed.toLowerCase());
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return ascii;
}
