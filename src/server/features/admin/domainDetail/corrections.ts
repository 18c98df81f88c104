import { type DomainCorrections, MANUAL_REGISTRAR, type ManagedDomain } from '../../../../common/admin/domainDetail/contract.ts';
import { API_NEEDS_SUPPLIER, NO_CHANGES_TO_SAVE, UNKNOWN_REGISTRAR } from '../../../../common/admin/domainDetail/texts.ts';
import { invalidArgument } from '../../../rpc/errors.ts';
import type { OperatorDomainChanges } from '../../domains/index.ts';

type CorrectedField = keyof DomainCorrections;

export interface CorrectionPlan {
  changes: OperatorDomainChanges;
  /** The fields whose value changes, by their names in the contract. */
  changed: CorrectedField[];
  before: Partial<Record<CorrectedField, string | null>>;
  after: Partial<Record<CorrectedField, string | null>>;
}

/**
 * What an operator's patch changes in our record, or the sentence refusing it. The registrar
 * decides the mode: 'manual' (no supplier) is always manual mode, and api mode needs a supplier.
 * Values equal to ours are no change; a patch that changes nothing is refused.
 */
export async function planCorrections(current: ManagedDomain, patches: DomainCorrections, supplierExists: (id: string) => Promise<boolean>): Promise<CorrectionPlan> {
  const registrar = patches.registrar ?? current.registrar;
  if (patches.registrar !== undefined && registrar !== MANUAL_REGISTRAR && !await supplierExists(registrar)) throw invalidArgument(UNKNOWN_REGISTRAR);
  let mode = patches.managementMode ?? current.managementMode;
  if (registrar === MANUAL_REGISTRAR) {
    if (patches.managementMode === 'api') throw invalidArgument(API_NEEDS_SUPPLIER);
    mode = 'manual';
  }

  const notes = patches.notes === undefined ? undefined : patches.notes?.trim() || null;
  const wanted: Partial<Record<CorrectedField, string | null>> = {
    registrar, managementMode: mode, registrationDate: patches.registrationDate, updatedDate: patches.updatedDate,
    expiryAt: patches.expiryAt, status: patches.status, notes,
  };
  const plan: CorrectionPlan = { changes: {}, changed: [], before: {}, after: {} };
  for (const [field, value] of Object.entries(wanted) as [CorrectedField, string | null | undefined][]) {
    const was = current[field] as string | null;
    if (value === undefined || value === was) continue;
    plan.changed.push(field);
    plan.before[field] = was;
    plan.after[field] = value;
  }
  if (plan.changed.length === 0) throw invalidArgument(NO_CHANGES_TO_SAVE);

  const { after } = plan;
  if ('registrar' in after) plan.changes.supplier_id = after.registrar === MANUAL_REGISTRAR ? null : after.registrar;
  if ('managementMode' in after) plan.changes.management_mode = after.managementMode as 'manual' | 'api';
  if ('registrationDate' in after) plan.changes.registration_date = after.registrationDate;
  if ('updatedDate' in after) plan.changes.registry_updated_at = after.updatedDate;
  if ('expiryAt' in after) plan.changes.expiration_date = after.expiryAt;
  if ('status' in after) plan.changes.status = after.status as ManagedDomain['status'];
  if ('notes' in after) plan.changes.notes = after.notes;
  return plan;
}
