import { type ComparedField, MANUAL_REGISTRAR } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import type { DomainStatus } from '../../../../../common/domains/domains.ts';
import { domainStatusLabel } from '../../../../components/labels.ts';
import { showDate } from './displayDate.ts';

/** The comparison's rows as the spec names them. */
export const FIELD_LABELS: Record<ComparedField, string> = {
  registrationDate: 'Registration date',
  updatedDate: 'Updated date',
  expiryAt: 'Expiry date',
  status: 'Status',
  registrar: 'Registrar',
};

export type SupplierNames = Record<string, string>;

export function registrarLabel(value: string, suppliers: SupplierNames): string {
  return value === MANUAL_REGISTRAR ? DOMAIN_DETAIL_TEXTS.manuallyManaged : suppliers[value] ?? value;
}

/** A compared value in words: a date in the reader's locale, a status or registrar by its label; N/A when a source has none. */
export function comparedValueLabel(field: ComparedField, value: string | null, suppliers: SupplierNames): string {
  if (value === null) return DOMAIN_DETAIL_TEXTS.notAvailable;
  if (field === 'status') return domainStatusLabel(value as DomainStatus);
  if (field === 'registrar') return registrarLabel(value, suppliers);
  return showDate(value);
}
