import type { DataSource, SupplierInfo, WhoisInfo } from '../../../../common/admin/domainDetail/contract.ts';
import {
  MANUAL_DOMAIN, SUPPLIER_LOST, SUPPLIER_NOT_CONNECTED, SUPPLIER_REFUSED, SUPPLIER_UNKNOWN, WHOIS_BUDGET_SPENT, WHOIS_NOT_LISTED,
  WHOIS_UNREACHABLE, WHOIS_UNSUPPORTED,
} from '../../../../common/admin/domainDetail/texts.ts';
import { outcomeUnknown, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { DomainLookupError } from '../../../integrations/whois/domainLookup.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import { type OperatorDomainRow, registrarOf, shortReason, SUPPLIER_CALL_TIMEOUT_MS } from '../../domains/index.ts';
import { whoisRedacted } from './whoisRedaction.ts';
import { takeVerifyLookup } from './whoisBudget.ts';

/**
 * The two outside reads of a domain: its supplier's getInfo (api mode only) and the registry
 * (RDAP, WHOIS fallback). Never inside a transaction; each under its own time-out. A time-out or
 * an unclear answer is 'unknown': the source may hold anything, so it is never compared.
 */

export interface SourceRead<T> {
  info: T | null;
  source: DataSource;
}

const readSignal = (ctx: SignedInContext) => AbortSignal.timeout(ctx.services.config.domainReadTimeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS);
const instant = (value: string | null) => (value ? new Date(value).toISOString() : null);

export async function readSupplier(ctx: SignedInContext, row: OperatorDomainRow): Promise<SourceRead<SupplierInfo>> {
  const askedAt = ctx.services.clock.nowIso();
  if (!row.supplier_id || row.management_mode === 'manual') return { info: null, source: { outcome: 'skipped', reason: MANUAL_DOMAIN, askedAt: null } };
  const registrar = registrarOf(ctx.services, row);
  if (!registrar) return { info: null, source: { outcome: 'skipped', reason: SUPPLIER_NOT_CONNECTED, askedAt: null } };
  try {
    const info = await registrar.getInfo(row.name, { signal: readSignal(ctx) });
    return {
      info: {
        supplier: registrar.id, supplierName: row.supplier_name ?? registrar.name, status: info.status,
        registrationDate: instant(info.registeredAt), expiryAt: instant(info.expiresAt), nameservers: info.nameservers,
        autoRenew: info.autoRenew, locked: info.locked, privacy: info.privacy,
      },
      source: { outcome: 'answered', reason: null, askedAt },
    };
  } catch (error) {
    if (!(error instanceof RegistrarError)) {
      ctx.log.error({ err: error, domain: row.name }, 'reading a domain at its supplier failed unexpectedly');
      return { info: null, source: { outcome: 'unknown', reason: SUPPLIER_UNKNOWN, askedAt } };
    }
    ctx.log.warn({ registrar: error.details.registrar, kind: error.kind, code: error.details.code, domain: row.name, reason: error.message },
      'a supplier could not be read for the domain detail');
    if (outcomeUnknown(error.kind)) return { info: null, source: { outcome: 'unknown', reason: SUPPLIER_UNKNOWN, askedAt } };
    const reason = error.kind === 'not_found' ? SUPPLIER_LOST : SUPPLIER_REFUSED(shortReason(error.message));
    return { info: null, source: { outcome: 'failed', reason, askedAt } };
  }
}

export async function readWhois(ctx: SignedInContext, name: string): Promise<SourceRead<WhoisInfo>> {
  const wait = await takeVerifyLookup(ctx.services, ctx.caller.userId);
  if (wait !== null) return { info: null, source: { outcome: 'skipped', reason: WHOIS_BUDGET_SPENT(wait), askedAt: null } };
  const askedAt = ctx.services.clock.nowIso();
  try {
    const { source, lookup, raw } = await ctx.services.domainLookup.inspect(name, { signal: readSignal(ctx) });
    if (!lookup) return { info: null, source: { outcome: 'failed', reason: WHOIS_NOT_LISTED, askedAt } };
    return {
      info: {
        source, registrar: lookup.registrar, registrationDate: lookup.registeredAt, updatedDate: lookup.updatedAt, expiryAt: lookup.expiresAt,
        status: lookup.status, nameservers: lookup.nameservers, redacted: whoisRedacted(raw),
      },
      source: { outcome: 'answered', reason: null, askedAt },
    };
  } catch (error) {
    if (!(error instanceof DomainLookupError)) {
      ctx.log.error({ err: error, domain: name }, 'a registry lookup failed unexpectedly');
      return { info: null, source: { outcome: 'unknown', reason: WHOIS_UNREACHABLE, askedAt } };
    }
    ctx.log.info({ kind: error.kind, domain: name, reason: error.message }, 'registry lookup failed for the domain detail');
    if (error.kind === 'unavailable') return { info: null, source: { outcome: 'unknown', reason: WHOIS_UNREACHABLE, askedAt } };
    return { info: null, source: { outcome: 'failed', reason: WHOIS_UNSUPPORTED, askedAt } };
  }
}

/** Both reads at once: the slower one bounds the wait. */
export async function readSources(ctx: SignedInContext, row: OperatorDomainRow) {
  const [supplier, whois] = await Promise.all([readSupplier(ctx, row), readWhois(ctx, row.name)]);
  return { supplier, whois };
}
