import type { ImportAction } from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_OVERRIDE_ERRORS as E, WHMCS_ROW_NOTES as N } from '../../../../common/admin/whmcsImport/texts.ts';

export interface ImportOptions {
  move: boolean;
  update: boolean;
}

export interface Placement {
  domain: string;
  exists: boolean;
  currentAccountId: string | null;
  /** Null when the WHMCS client maps to no account. */
  proposedAccountId: string | null;
}

export type Decision = { action: ImportAction; note: string | null; error?: undefined } | { action: ImportAction; note: null; error: string };

/**
 * The spec's per-domain decision (section 4, "Import"), then the operator's override.
 *
 * An unknown client never moves a domain: "the account differs" needs an account to move to,
 * so a row without one updates in place and never strips a domain from its account.
 * The options say what an existing domain may undergo: both or neither ticked, a move when the
 * account differs and an update otherwise; 'move' alone moves and leaves the rest untouched;
 * 'update' alone updates every existing domain where it is, never moving one.
 */
export function decide(place: Placement, options: ImportOptions | undefined, override: ImportAction | undefined): Decision {
  if (override !== undefined) return checkOverride(place, override);
  if (!place.exists) return { action: 'create', note: null };
  const differs = place.proposedAccountId !== null && place.proposedAccountId !== place.currentAccountId;
  const { move, update } = options ?? { move: false, update: false };
  if (move === update) return { action: differs ? 'move_to_new_account' : 'update_in_place', note: null };
  if (move) return differs ? { action: 'move_to_new_account', note: null } : { action: 'skip', note: N.onlyMoves };
  return { action: 'update_in_place', note: null };
}

function checkOverride(place: Placement, action: ImportAction): Decision {
  if (action === 'skip') return { action, note: N.operatorSkipped };
  if (action === 'create' && place.exists) return { action, note: null, error: E.createExisting(place.domain) };
  if (action !== 'create' && !place.exists) return { action, note: null, error: E.changeMissing(place.domain) };
  if (action === 'move_to_new_account' && place.proposedAccountId === null) return { action, note: null, error: E.moveWithoutAccount(place.domain) };
  return { action, note: null };
}
