import type { SyncResult } from '../../../../common/domains/managementContract.ts';
import { recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { byCaller, recordEvent } from '../../../events/recordEvent.ts';
import { type DomainInfo, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { type DomainLookup, DomainLookupError } from '../../../integrations/whois/domainLookup.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import type { DomainRow } from '../records.ts';
import { instant, planSync } from './syncPlan.ts';
import { REGISTRAR_LOST_DOMAIN, REGISTRAR_NOT_CONNECTED, REGISTRAR_UNREACHABLE, registrarOf, supplierSignal } from './registrar.ts';
import { updateDomain } from './repository.ts';

/**
 * Sync: the domain is read at its supplier and in the public registry (RDAP) at once, each
 * under its own time-out, and our row is brought up to date from what answered.
 */

export const REGISTRAR_READ_FAILED = 'The registrar could not tell us about this domain right now. Please try again later.';
export const RDAP_NOT_LISTED = 'The public registry (RDAP) does not list this domain.';
export const RDAP_UNREACHABLE = 'The public registry (RDAP) could not be reached right now.';
export const RDAP_UNSUPPORTED = 'The public registry of this domain\'s extension cannot be looked up.';

interface Read<T> {
  value: T | null;
  error: string | null;
}

interface RegistrarRead extends Read<DomainInfo> {
  /** The registrar answered that it does not hold the domain. */
  lost: boolean;
}

async function readAtRegistrar(ctx: SignedInContext, row: DomainRow): Promise<RegistrarRead> {
  const registrar = registrarOf(ctx.services, row);
  if (!registrar) return { value: null, error: REGISTRAR_NOT_CONNECTED, lost: false };
  try {
    return { value: await registrar.getInfo(row.name, { signal: supplierSignal() }), error: null, lost: false };
  } catch (error) {
    if (!(error instanceof RegistrarError)) {
      ctx.log.error({ err: error, domain: row.name }, 'reading a domain at its registrar failed unexpectedly');
      return { value: null, error: REGISTRAR_READ_FAILED, lost: false };
    }
    ctx.log.warn({ registrar: error.details.registrar, kind: error.kind, code: error.details.code, domain: row.name, reason: error.message },
      'a registrar could not be read during Sync');
    if (error.kind === 'not_found') return { value: null, error: REGISTRAR_LOST_DOMAIN, lost: true };
    return { value: null, error: error.kind === 'unavailable' || error.kind === 'auth' ? REGISTRAR_UNREACHABLE : REGISTRAR_READ_FAILED, lost: false };
  }
}

async function readInRdap(ctx: SignedInContext, name: string): Promise<Read<DomainLookup>> {
  try {
    const found = await ctx.services.domainLookup.lookup(name, { signal: supplierSignal() });
    return found ? { value: found, error: null } : { value: null, error: RDAP_NOT_LISTED };
  } catch (error) {
    if (error instanceof DomainLookupError) {
      ctx.log.info({ kind: error.kind, domain: name, reason: error.message }, 'RDAP lookup failed during Sync');
      return { value: null, error: error.kind === 'unavailable' ? RDAP_UNREACHABLE : RDAP_UNSUPPORTED };
    }
    ctx.log.error({ err: error, domain: name }, 'RDAP lookup failed unexpectedly');
    return { value: null, error: RDAP_UNREACHABLE };
  }
}

/**
 * Reads both sources and applies what they said. A Sync succeeds when at least one source
 * answered, except that a registrar which no longer lists the domain fails it whatever RDAP
 * says: we can no longer manage it, and the customer must hear so. A failed Sync writes nothing
 * (not even last_synced_at, which tells when the data was last confirmed).
 */
export async function syncDomain(ctx: SignedInContext, row: DomainRow): Promise<SyncResult> {
  const [registrar, rdap] = await Promise.all([readAtRegistrar(ctx, row), readInRdap(ctx, row.name)]);
  const success = registrar.value !== null || (rdap.value !== null && !registrar.lost);
  const plan = success ? planSync(row, registrar.value, rdap.value) : { columns: {}, changed: [] };
  if (success) {
    const now = ctx.services.clock.nowIso();
    await inTransaction(ctx.services.db, async (tx) => {
      await updateDomain(tx.db, row.id, { ...plan.columns, last_synced_at: now, ...(plan.changed.length > 0 ? { updated_at: now } : {}) });
      await recordEvent(tx, {
        type: 'domain.synced', accountId: row.account_id, actor: byCaller(ctx.caller),
        payload: { domain: row.name, changed: plan.changed, registrarError: registrar.error, rdapError: rdap.error }, at: now,
      });
      await recordIfActingAs(tx, ctx.caller, {
        action: 'domain.synced', target: { type: 'domain', id: row.id }, after: { domain: row.name, changed: plan.changed }, requestId: ctx.requestId, at: now,
      });
    }, ctx.log);
  }
  return {
    domain: row.name,
    success,
    registrar: registrar.value && {
      status: registrar.value.status, registeredAt: instant(registrar.value.registeredAt), expiresAt: instant(registrar.value.expiresAt),
      nameservers: registrar.value.nameservers, autoRenew: registrar.value.autoRenew, locked: registrar.value.locked, privacy: registrar.value.privacy,
    },
    registrarError: registrar.error,
    rdap: rdap.value && {
      registrar: rdap.value.registrar, registeredAt: rdap.value.registeredAt, expiresAt: rdap.value.expiresAt,
      nameservers: rdap.value.nameservers, statuses: rdap.value.status,
    },
    rdapError: rdap.error,
    changed: plan.changed,
  };
}
