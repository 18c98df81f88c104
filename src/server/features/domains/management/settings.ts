import type { DomainContactsGiven } from '../../../../common/domains/contacts.ts';
import type { DomainDetail } from '../../../../common/domains/managementContract.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { record, recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import type { DomainContacts, Registrar } from '../../../integrations/registrars/registrar.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { Caller, SignedInContext } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { type AccountDomainRow, type DomainRow, findDomainWithSupplier, toDetail } from '../records.ts';
import { atSupplier, requireRegistrar } from './registrar.ts';
import { type DomainChanges, updateDomain } from './repository.ts';

/**
 * The settings a customer changes on /domains/{domain}. Each change is made at the supplier
 * first (it is the truth: a domain whose nameservers we recorded but the registrar never set
 * would silently break), then recorded here with its event, in one transaction. A refusal leaves
 * our row as it was.
 */

export const CONTACTS_UPDATED = 'Contacts updated.';
export const NAMESERVERS_UPDATED = 'Nameservers updated.';
export const autoRenewMessage = (on: boolean) => (on ? 'Auto-renew enabled.' : 'Auto-renew disabled.');
export const lockMessage = (on: boolean) => (on ? 'Registrar lock on.' : 'Registrar lock off.');
export const privacyMessage = (on: boolean) => (on ? 'Privacy protection on.' : 'Privacy protection off.');
export const TRANSFER_CODE_UNSUPPORTED = 'This registrar does not hand out transfer codes through the portal. Please contact support for the code.';

/** The domain as the detail page shows it, read again after a change. */
export async function domainDetail(ctx: Pick<SignedInContext, 'services'>, name: string): Promise<DomainDetail> {
  const found = await findDomainWithSupplier(ctx.services.db, name);
  if (!found || found.row.account_id === null) throw notFound(DOMAIN_NOT_FOUND);
  return toDetail(found.row as AccountDomainRow, found.supplierName);
}

interface SettingChange {
  /** Names of the detail's fields that change, for the event and the audit. */
  fields: string[];
  /** The change at the supplier; skipped when null (a setting that is ours alone). */
  atSupplier: ((registrar: Registrar, signal: AbortSignal) => Promise<void>) | null;
  columns: Omit<DomainChanges, 'updated_at'>;
  message: string;
}

async function changeSetting(ctx: SignedInContext, row: DomainRow, change: SettingChange) {
  const { services, caller } = ctx;
  if (change.atSupplier) {
    const registrar = requireRegistrar(services, row);
    await atSupplier(ctx.log, row.name, (signal) => change.atSupplier!(registrar, signal));
  }
  await inTransaction(services.db, async (tx) => {
    const now = services.clock.nowIso();
    await updateDomain(tx.db, row.id, { ...change.columns, updated_at: now });
    await recordEvent(tx, {
      type: 'domain.updated', accountId: row.account_id, actor: byCaller(caller),
      payload: { domain: row.name, fields: change.fields }, at: now,
    });
    await recordIfActingAs(tx, caller, {
      action: 'domain.updated', target: { type: 'domain', id: row.id }, after: { domain: row.name, fields: change.fields }, requestId: ctx.requestId, at: now,
    });
  }, ctx.log);
  return { success: true as const, message: change.message, local: await domainDetail(ctx, row.name) };
}

/** Registrars need all four contacts; the page may leave billing out, and then it is the admin contact. */
export function withBilling(contacts: DomainContactsGiven): DomainContacts {
  return { registrant: contacts.registrant, admin: contacts.admin, tech: contacts.tech, billing: contacts.billing ?? contacts.admin };
}

export function changeContacts(ctx: SignedInContext, row: DomainRow, given: DomainContactsGiven) {
  const contacts = withBilling(given);
  return changeSetting(ctx, row, {
    fields: ['contacts'], message: CONTACTS_UPDATED, columns: { contacts: JSON.stringify(contacts) },
    atSupplier: (registrar, signal) => registrar.setContacts(row.name, contacts, { signal }),
  });
}

export function changeNameservers(ctx: SignedInContext, row: DomainRow, nameservers: string[]) {
  return changeSetting(ctx, row, {
    fields: ['nameservers'], message: NAMESERVERS_UPDATED, columns: { nameservers: JSON.stringify(nameservers) },
    atSupplier: (registrar, signal) => registrar.setNameservers(row.name, nameservers, { signal }),
  });
}

/**
 * Auto-renew is ours: the daily job renews and charges the account. Turning it on switches the
 * registrar's own renewal off where the registrar lets us, so a domain is never renewed (and
 * paid for) twice; one whose API has no such switch is left as it is, and so is one that renews by
 * nothing else (Cloudflare: off would let the name expire). Turning ours off needs no
 * registrar, so it works even while the registrar is down.
 */
export function changeAutoRenew(ctx: SignedInContext, row: DomainRow, autoRenew: boolean) {
  return changeSetting(ctx, row, {
    fields: ['autoRenewEnabled'], message: autoRenewMessage(autoRenew), columns: { auto_renew: autoRenew },
    atSupplier: autoRenew ? (registrar, signal) => (registrar.renewsOnlyByAutoRenew ? Promise.resolve() : registrar.setAutoRenew(row.name, false, { signal })).catch((error: unknown) => {
      if (!(error instanceof RegistrarError && error.kind === 'unsupported')) throw error;
    }) : null,
  });
}

export function changeLock(ctx: SignedInContext, row: DomainRow, locked: boolean) {
  return changeSetting(ctx, row, {
    fields: ['locked'], message: lockMessage(locked), columns: { locked },
    atSupplier: (registrar, signal) => registrar.setLock(row.name, locked, { signal }),
  });
}

export function changePrivacy(ctx: SignedInContext, row: DomainRow, enabled: boolean) {
  return changeSetting(ctx, row, {
    fields: ['privacyEnabled'], message: privacyMessage(enabled), columns: { privacy: enabled },
    atSupplier: (registrar, signal) => registrar.setPrivacy(row.name, enabled, { signal }),
  });
}

/**
 * The transfer code hands the domain to whoever holds it, so every reveal is audited with who
 * asked (the operator, when impersonating), and the code itself is stored nowhere. The code is
 * answered only once its audit entry has committed.
 */
export async function revealTransferCode(ctx: SignedInContext, row: DomainRow): Promise<string> {
  const registrar = requireRegistrar(ctx.services, row);
  const code = await atSupplier(ctx.log, row.name, (signal) => registrar.getTransferCode(row.name, { signal }), TRANSFER_CODE_UNSUPPORTED);
  await inTransaction(ctx.services.db, async (tx) => {
    const at = ctx.services.clock.nowIso();
    await record(tx, {
      actor: actorOf(ctx.caller), actingAs: ctx.caller.actingAs ? { accountId: ctx.caller.actingAs.accountId } : null,
      reason: ctx.caller.actingAs?.reason ?? null,
      action: 'domain.transfer_code_revealed', target: { type: 'domain', id: row.id },
      after: { domain: row.name, accountId: row.account_id }, requestId: ctx.requestId, at,
    });
    await recordEvent(tx, {
      type: 'domain.transfer_code.revealed', accountId: row.account_id, actor: byCaller(ctx.caller), payload: { domain: row.name }, at,
    });
  }, ctx.log);
  return code;
}

/** An impersonating operator's session is the operator's: the audit names them, as recordIfActingAs does. */
function actorOf(caller: Caller) {
  return caller.actingAs
    ? { userId: caller.actingAs.operatorUserId, email: caller.actingAs.operatorEmail }
    : { userId: caller.userId, email: caller.email };
}
