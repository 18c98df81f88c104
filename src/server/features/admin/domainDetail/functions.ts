import * as detail from '../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../common/admin/domainDetail/texts.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { correctDomainRecord, findOperatorDomain, lockDomain, supplierExists } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';
import { planCorrections } from './corrections.ts';
import { domainDetailForOperator } from './detail.ts';
import { toManagedDomain } from './managedDomainView.ts';
import { operatorDomain, setContactsByOperator, setNameserversByOperator } from './operatorSettings.ts';
import { verifyMany, verifyOneByName } from './verification.ts';

/** The operator's domain detail, verification and corrections (issue 19; spec "Domain detail"). */
export const handlers = [
  implement(detail.adminGetDomainDetails, async ({ domain }, ctx) => {
    requireOperator(ctx.caller);
    return domainDetailForOperator(ctx, domain);
  }),

  implementWithOutsideCalls(detail.adminVerifyManagedDomain, async ({ domain }, ctx) => {
    requireOperator(ctx.caller);
    return verifyOneByName(ctx, domain);
  }),

  implementWithOutsideCalls(detail.adminVerifyManagedDomainsBulk, async ({ domains }, ctx) => {
    requireOperator(ctx.caller);
    return verifyMany(ctx, domains);
  }),

  implement(detail.applyDomainCorrections, async ({ domain, patches }, ctx) => {
    requireOperator(ctx.caller);
    const { tx, services } = ctx;
    await lockDomain(tx.db, services.dialect, domain);
    const row = await findOperatorDomain(tx.db, domain);
    if (!row) throw notFound(DOMAIN_NOT_FOUND);
    const plan = await planCorrections(toManagedDomain(row), patches, (id) => supplierExists(tx.db, id));
    const at = services.clock.nowIso();
    await correctDomainRecord(tx.db, row.id, plan.changes, at);
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'domain.corrected', target: { type: 'domain', id: row.id },
      before: plan.before, after: { domain: row.name, ...plan.after }, requestId: ctx.requestId, at,
    });
    const fresh = await findOperatorDomain(tx.db, domain);
    return { success: true as const, message: DOMAIN_DETAIL_TEXTS.saved, changed: plan.changed, local: toManagedDomain(fresh!) };
  }),

  implementWithOutsideCalls(detail.adminUpdateDomainContacts, async ({ domain, contacts }, ctx) => {
    requireOperator(ctx.caller);
    return setContactsByOperator(ctx, await operatorDomain(ctx, domain), contacts);
  }),

  implementWithOutsideCalls(detail.adminUpdateDomainNameservers, async ({ domain, nameservers }, ctx) => {
    requireOperator(ctx.caller);
    return setNameserversByOperator(ctx, await operatorDomain(ctx, domain), nameservers);
  }),
];
