import type { DomainStatus } from '../../../../common/domains/domains.ts';

/**
 * WHMCS domain statuses (docs.whmcs.com/domains/domain-statuses) to ours. A domain WHMCS no
 * longer manages (transferred away, cancelled) is not imported: the row is skipped with a reason,
 * so the summary counts it. Fraud is kept but suspended, so an operator sees it.
 */
const STATUS_MAP: Record<string, { status: DomainStatus } | { skip: string }> = {
  'active': { status: 'active' },
  'pending': { status: 'pending' },
  'pending registration': { status: 'pending' },
  'pending transfer': { status: 'pending' },
  'grace': { status: 'expired' },
  'redemption': { status: 'expired' },
  'expired': { status: 'expired' },
  'fraud': { status: 'suspended' },
  'transferred away': { skip: 'WHMCS lists it as Transferred Away.' },
  'cancelled': { skip: 'WHMCS lists it as Cancelled.' },
};

/** An empty status reads as Active (a hand-made CSV often leaves it out); an unknown one is an error. */
export function mapWhmcsStatus(raw: string): { status: DomainStatus } | { skip: string } | { error: string } {
  const key = raw.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
  if (key === '') return { status: 'active' };
  return STATUS_MAP[key] ?? { error: `Unknown WHMCS status "${raw.trim()}".` };
}
