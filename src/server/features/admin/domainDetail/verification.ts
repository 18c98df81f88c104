import type { VerificationReview } from '../../../../common/admin/domainDetail/contract.ts';
import { bulkVerifyDone, BULK_VERIFY_CONCURRENCY, DOMAIN_DETAIL_TEXTS } from '../../../../common/admin/domainDetail/texts.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { record } from '../../../audit/record.ts';
import { mapLimit } from '../../../integrations/registrars/mapLimit.ts';
import { type BackOfficeCallContext, operatorOf } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { findOperatorDomain, findOperatorDomains, markDomainVerified, type OperatorDomainRow, supplierChoices } from '../../domains/index.ts';
import { compareSources } from './comparison.ts';
import { toManagedDomain } from './managedDomainView.ts';
import { readSources } from './sources.ts';

/**
 * Verification: read the supplier and the registry with no transaction open, compare, then stamp
 * lastVerifiedAt (when a source answered) with its audit entry in one short unit. It changes no
 * field of the record: the operator applies what the review proposes (applyDomainCorrections).
 */
export async function verifyDomain(ctx: BackOfficeCallContext, row: OperatorDomainRow, suppliers: { id: string; name: string }[]) {
  const { supplier, whois } = await readSources(ctx, row);
  const { diffs, summary } = compareSources(toManagedDomain(row), supplier.info, whois.info, suppliers);
  const answered = supplier.source.outcome === 'answered' || whois.source.outcome === 'answered';
  const verifiedAt = await ctx.unitOfWork(async (unit) => {
    const at = unit.services.clock.nowIso();
    if (answered) await markDomainVerified(unit.tx.db, row.id, at);
    await record(unit.tx, {
      actor: operatorOf(unit), actingAs: null, action: 'domain.verified', target: { type: 'domain', id: row.id },
      after: {
        domain: row.name, verified: answered, supplier: supplier.source.outcome, whois: whois.source.outcome, ...summary,
        changedFields: diffs.filter((d) => d.changed).map((d) => d.field), conflictFields: diffs.filter((d) => d.conflict).map((d) => d.field),
      },
      requestId: unit.requestId, at,
    });
    return answered ? at : null;
  });
  const review: VerificationReview = {
    domain: row.name, summary, diffs, sources: { supplier: supplier.source, whois: whois.source }, verifiedAt,
    registrarNames: Object.fromEntries(suppliers.map((s) => [s.id, s.name])),
  };
  return { success: answered, review };
}

export async function verifyOneByName(ctx: BackOfficeCallContext, name: string) {
  const row = await findOperatorDomain(ctx.services.db, name);
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  const { success, review } = await verifyDomain(ctx, row, await supplierChoices(ctx.services.db));
  return { success, result: review };
}

/** Why a verification found nothing to compare: each source's reason. */
const reasonsOf = (review: VerificationReview) =>
  [review.sources.supplier.reason, review.sources.whois.reason].filter((reason): reason is string => reason !== null).join(' ');

/**
 * Several domains, a few at a time (each asks a registrar and a registry), one result per name in
 * the order given. A name we do not hold, or one whose verification fails unexpectedly, is that
 * name's error; the others go on. Names we hold none of are a NOT_FOUND, as for one.
 */
export async function verifyMany(ctx: BackOfficeCallContext, names: string[]) {
  const unique = [...new Set(names)];
  const byName = new Map((await findOperatorDomains(ctx.services.db, unique)).map((row) => [row.name, row]));
  if (byName.size === 0) throw notFound(DOMAIN_NOT_FOUND);
  const suppliers = await supplierChoices(ctx.services.db);
  const results = await mapLimit(unique, BULK_VERIFY_CONCURRENCY, async (name) => {
    const row = byName.get(name);
    if (!row) return { domain: name, success: false, summary: null, error: DOMAIN_NOT_FOUND };
    try {
      const { success, review } = await verifyDomain(ctx, row, suppliers);
      return { domain: name, success, summary: review.summary, error: success ? null : reasonsOf(review) };
    } catch (error) {
      ctx.log.error({ err: error, domain: name }, 'bulk verification of a domain failed');
      return { domain: name, success: false, summary: null, error: DOMAIN_DETAIL_TEXTS.verifyFailed };
    }
  });
  const succeeded = results.filter((result) => result.success).length;
  return { succeeded, failed: results.length - succeeded, results, message: bulkVerifyDone(succeeded, results.length - succeeded) };
}
