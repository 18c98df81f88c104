import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { findOperatorDomain, supplierChoices } from '../../domains/index.ts';
import { compareSources } from './comparison.ts';
import { toManagedDomain } from './managedDomainView.ts';
import { readSources } from './sources.ts';

/** The spec's getDomainDetails for operators: our record, both outside reads (none inside a transaction), and the comparison. */
export async function domainDetailForOperator(ctx: SignedInContext, name: string) {
  const row = await findOperatorDomain(ctx.services.db, name);
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  const [suppliers, { supplier, whois }] = await Promise.all([supplierChoices(ctx.services.db), readSources(ctx, row)]);
  const local = toManagedDomain(row);
  const { diffs, merged } = compareSources(local, supplier.info, whois.info, suppliers);
  const reasons = [supplier.source, whois.source].filter((s) => s.outcome !== 'answered' && s.outcome !== 'skipped').map((s) => s.reason);
  return {
    success: true as const, local, supplierInfo: supplier.info, whoisInfo: whois.info, merged, diffs,
    sources: { supplier: supplier.source, whois: whois.source }, suppliers, message: reasons.length > 0 ? reasons.join(' ') : null,
  };
}
