import * as management from '../../../../common/domains/managementContract.ts';
import { implement } from '../../../rpc/registry.ts';
import { listDomainsPage } from './list.ts';
import { syncDomain } from './sync.ts';
import { syncDomains } from './syncBulk.ts';
import {
  changeAutoRenew, changeContacts, changeLock, changeNameservers, changePrivacy, domainDetail, revealTransferCode,
} from './settings.ts';
import { requireDomainAdmin, requireDomainListReader, requireOwnedDomain, requireOwnedDomains } from '../policy.ts';

/** listDomains and the domain-keyed functions of /domains/{domain}. */
export const handlers = [
  implement(management.listDomains, async (input, { caller, services }) => {
    await requireDomainListReader(services.db, caller, input.accountId);
    return listDomainsPage(services.db, input, services.clock.now());
  }),

  implement(management.getDomainDetails, async ({ domain }, ctx) => {
    await requireOwnedDomain(ctx.services.db, ctx.caller, domain);
    return { success: true as const, local: await domainDetail(ctx, domain), message: null };
  }),

  implement(management.updateDomainContacts, async ({ domain, contacts }, ctx) =>
    changeContacts(ctx, (await requireOwnedDomain(ctx.services.db, ctx.caller, domain)).domain, contacts)),

  implement(management.updateDomainNameservers, async ({ domain, nameservers }, ctx) =>
    changeNameservers(ctx, (await requireOwnedDomain(ctx.services.db, ctx.caller, domain)).domain, nameservers)),

  implement(management.updateDomainAutoRenew, async ({ domain, autoRenew }, ctx) =>
    changeAutoRenew(ctx, (await requireOwnedDomain(ctx.services.db, ctx.caller, domain)).domain, autoRenew)),

  implement(management.setDomainLock, async ({ domain, locked }, ctx) =>
    changeLock(ctx, (await requireOwnedDomain(ctx.services.db, ctx.caller, domain)).domain, locked)),

  implement(management.setDomainPrivacy, async ({ domain, enabled }, ctx) =>
    changePrivacy(ctx, (await requireOwnedDomain(ctx.services.db, ctx.caller, domain)).domain, enabled)),

  implement(management.getDomainTransferCode, async ({ domain }, ctx) => {
    const owned = await requireDomainAdmin(ctx.services.db, ctx.caller, domain);
    return { success: true as const, transferCode: await revealTransferCode(ctx, owned.domain) };
  }),

  implement(management.verifyManagedDomain, async ({ domain }, ctx) => {
    const owned = await requireOwnedDomain(ctx.services.db, ctx.caller, domain);
    const result = await syncDomain(ctx, owned.domain);
    return { success: result.success, result, local: await domainDetail(ctx, domain) };
  }),

  implement(management.verifyManagedDomainsBulk, async ({ domains }, ctx) =>
    syncDomains(ctx, await requireOwnedDomains(ctx.services.db, ctx.caller, domains))),
];
