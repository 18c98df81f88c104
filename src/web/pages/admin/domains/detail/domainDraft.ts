import { MANUAL_REGISTRAR, type ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import type { DomainStatus } from '../../../../../common/domains/domains.ts';
import { dayInputOf } from './displayDate.ts';

/** The editable part of the detail page: Domain Configuration, Key Dates and Notes, saved together. */
export interface DomainDraft {
  registrar: string;
  managementMode: 'manual' | 'api';
  status: DomainStatus;
  /** YYYY-MM-DD or '' (none). */
  registrationDate: string;
  updatedDate: string;
  expiryAt: string;
  notes: string;
}

export type DomainPatches = Partial<{
  registrar: string; managementMode: 'manual' | 'api'; status: DomainStatus;
  registrationDate: string | null; updatedDate: string | null; expiryAt: string | null; notes: string | null;
}>;

export function draftOf(local: ManagedDomain): DomainDraft {
  return {
    registrar: local.registrar, managementMode: local.managementMode, status: local.status,
    registrationDate: dayInputOf(local.registrationDate), updatedDate: dayInputOf(local.updatedDate), expiryAt: dayInputOf(local.expiryAt),
    notes: local.notes ?? '',
  };
}

/** Choosing Manually Managed forces manual mode (spec §4); the mode control is then locked. */
export function withRegistrar(draft: DomainDraft, registrar: string): DomainDraft {
  return { ...draft, registrar, managementMode: registrar === MANUAL_REGISTRAR ? 'manual' : draft.managementMode };
}

/** Only what the operator changed; a date left on its day keeps the registry's exact time. */
export function patchesOf(local: ManagedDomain, draft: DomainDraft): DomainPatches {
  const saved = draftOf(local);
  const patches: DomainPatches = {};
  if (draft.registrar !== saved.registrar) patches.registrar = draft.registrar;
  if (draft.managementMode !== saved.managementMode) patches.managementMode = draft.managementMode;
  if (draft.status !== saved.status) patches.status = draft.status;
  for (const field of ['registrationDate', 'updatedDate', 'expiryAt'] as const) {
    if (draft[field] !== saved[field]) patches[field] = draft[field] || null;
  }
  if (draft.notes.trim() !== saved.notes.trim()) patches.notes = draft.notes.trim() || null;
  return patches;
}

/** The registrar or the mode differs from what is saved: the page asks before it goes on. */
export function changesManagement(local: ManagedDomain, draft: Pick<DomainDraft, 'registrar' | 'managementMode'>): boolean {
  return draft.registrar !== local.registrar || draft.managementMode !== local.managementMode;
}
