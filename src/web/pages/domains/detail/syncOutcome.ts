import type { SyncResult } from '../../../../common/domains/managementContract.ts';

/** What a Sync did, in words: the fields it brought up to date, nothing, or why it failed. */
export type SyncOutcome =
  | { kind: 'failed'; reason: string }
  | { kind: 'changed'; text: string; notes: string[] }
  | { kind: 'unchanged'; text: string; notes: string[] };

export const ALREADY_UP_TO_DATE = 'Already up to date';
const NO_REASON = 'The domain could not be read at its registrar.';

const FIELD_WORDS: Record<string, string> = {
  status: 'status',
  registrationDate: 'registered date',
  expirationDate: 'expiry date',
  nameservers: 'nameservers',
  autoRenew: 'auto-renew',
  autoRenewEnabled: 'auto-renew',
  locked: 'registrar lock',
  privacy: 'privacy',
  privacyEnabled: 'privacy',
  contacts: 'contacts',
  registrar: 'registrar',
};

/** 'expirationDate' → 'expiry date'; a field this page does not know yet still reads as words. */
export function fieldWords(field: string): string {
  return FIELD_WORDS[field] ?? field.replace(/([A-Z])/g, ' $1').toLowerCase();
}

export function syncOutcome(success: boolean, result: SyncResult): SyncOutcome {
  if (!success) return { kind: 'failed', reason: result.registrarError ?? result.rdapError ?? NO_REASON };
  // One source answering is a sync; the other's trouble is worth a line, not a failure.
  const notes = [
    result.registrarError && `The registrar could not be read: ${result.registrarError}`,
    result.rdapError && `The public WHOIS (RDAP) record could not be read: ${result.rdapError}`,
  ].filter((note): note is string => Boolean(note));
  const words = [...new Set(result.changed.map(fieldWords))];
  if (words.length === 0) return { kind: 'unchanged', text: ALREADY_UP_TO_DATE, notes };
  return { kind: 'changed', text: `Updated from the registrar: ${words.join(', ')}.`, notes };
}
