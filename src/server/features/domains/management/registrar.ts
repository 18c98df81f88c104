import type { FastifyBaseLogger } from 'fastify';
import type { Registrar } from '../../../integrations/registrars/registrar.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError, invalidArgument } from '../../../rpc/errors.ts';
import type { DomainRow } from '../records.ts';

/**
 * How the management functions talk to a domain's supplier: which registrar holds it, how long
 * we wait, and what the customer is told when it refuses. The registrar's own words go to the
 * log; the customer reads our sentences.
 */

/** A registrar slower than this is treated as unreachable; the customer can try again. */
export const SUPPLIER_CALL_TIMEOUT_MS = 15_000;

export const REGISTRAR_UNREACHABLE = 'The registrar is not reachable right now. Please try again in a few minutes.';
export const REGISTRAR_UNSUPPORTED = 'This registrar does not support this change.';
export const REGISTRAR_LOST_DOMAIN = 'The registrar no longer lists this domain.';
export const REGISTRAR_FAILED = 'The registrar could not make this change. Please try again later or contact support.';
export const REGISTRAR_NOT_CONNECTED = 'The registrar of this domain is not connected to the portal. Please contact support.';
export const MANAGED_BY_HAND = 'Our team manages this domain by hand. Please contact support to change it.';
export const refusedByRegistrar = (reason: string) => `The registrar refused the change: ${reason}.`;

/**
 * The registrar whose API keeps the domain, or null when its supplier is gone, no longer
 * configured here, or an operator manages the domain by hand (management mode 'manual').
 */
export function registrarOf(services: Pick<Services, 'registrars'>, row: Pick<DomainRow, 'supplier_id' | 'management_mode'>): Registrar | null {
  if (row.management_mode === 'manual') return null;
  return services.registrars.find((registrar) => registrar.id === row.supplier_id) ?? null;
}

export function requireRegistrar(services: Pick<Services, 'registrars'>, row: Pick<DomainRow, 'supplier_id' | 'management_mode'>): Registrar {
  if (row.management_mode === 'manual') throw failedPrecondition(MANAGED_BY_HAND);
  const registrar = registrarOf(services, row);
  if (!registrar) throw failedPrecondition(REGISTRAR_NOT_CONNECTED);
  return registrar;
}

/** A fresh time-out per call: each supplier call gets its own SUPPLIER_CALL_TIMEOUT_MS. */
export const supplierSignal = () => AbortSignal.timeout(SUPPLIER_CALL_TIMEOUT_MS);

/**
 * What the registrar said, cut to the reason: adapters write "Namecheap refused
 * namecheap.domains.setContacts: Phone is invalid (error 2011170)." and never a credential
 * (registrar.ts), so the reason itself is safe to show.
 */
export function shortReason(message: string): string {
  const reason = message.replace(/^\S+ refused \S+: /, '').replace(/\s*\(error [^)]*\)/gi, '').replace(/[\s.]+$/, '').trim();
  return reason.length > 200 ? `${reason.slice(0, 199)}…` : reason || 'no reason given';
}

/** Runs one supplier call; a RegistrarError becomes the customer's sentence (and a log line), anything else is a bug and propagates. */
export async function atSupplier<T>(
  log: FastifyBaseLogger, domain: string, call: (signal: AbortSignal) => Promise<T>, unsupportedText = REGISTRAR_UNSUPPORTED,
): Promise<T> {
  try {
    return await call(supplierSignal());
  } catch (error) {
    if (!(error instanceof RegistrarError)) throw error;
    throw customerErrorOf(error, log, domain, unsupportedText);
  }
}

export function customerErrorOf(error: RegistrarError, log: FastifyBaseLogger, domain: string, unsupportedText = REGISTRAR_UNSUPPORTED): FunctionError {
  const line = { registrar: error.details.registrar, command: error.details.command, code: error.details.code, kind: error.kind, domain, reason: error.message };
  if (error.kind === 'auth') log.error(line, 'a registrar refused our credentials during a domain change');
  else log.warn(line, 'a registrar refused a domain change');
  switch (error.kind) {
    case 'invalid': return invalidArgument(refusedByRegistrar(shortReason(error.message)));
    case 'unavailable':
    case 'auth': return new FunctionError('UNAVAILABLE', REGISTRAR_UNREACHABLE);
    case 'unsupported': return failedPrecondition(unsupportedText);
    case 'not_found': return failedPrecondition(REGISTRAR_LOST_DOMAIN);
    default: return failedPrecondition(REGISTRAR_FAILED);
  }
}
