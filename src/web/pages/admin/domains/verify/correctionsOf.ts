import type { ComparedField, FieldDiff } from '../../../../../common/admin/domainDetail/contract.ts';
import type { FnInput } from '../../../../api/client.ts';

/** The fields a review proposes to correct: those where a source holds another value than ours. */
export const correctable = (diffs: FieldDiff[]) => diffs.filter((diff) => diff.proposed !== null);

/** Fields ticked at first: changes the sources agree on; a conflict waits for the operator's choice. */
export const preselected = (diffs: FieldDiff[]): ComparedField[] => correctable(diffs).filter((diff) => !diff.conflict).map((diff) => diff.field);

/** The patch of applyDomainCorrections for the ticked fields: each field's proposed value. */
export function correctionsOf(diffs: FieldDiff[], chosen: readonly ComparedField[]): FnInput<'applyDomainCorrections'>['patches'] {
  // The proposed values are the server's own (a status, a supplier id, an ISO date): sent back as they came.
  return Object.fromEntries(correctable(diffs).filter((diff) => chosen.includes(diff.field)).map((diff) => [diff.field, diff.proposed!]));
}
