import type { DomainContactsGiven } from '../../../../common/domains/contacts.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { record } from '../../../audit/record.ts';
import { outcomeUnknown, RegistrarError, type Registrar } from '../../../integrations/registrars/registrar.ts';
import { type BackOfficeCallContext, operatorOf } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError, invalidArgument, notFound } from '../../../rpc/errors.ts';
import {
  findOperatorDomain, type OperatorDomainRow, parseContacts, parseNameservers, registrarOf, shortReason, storeDomainSettings,
  SUPPLIER_CALL_TIMEOUT_MS, withBilling,
} from '../../domains/index.ts';
import { toManagedDomain } from './managedDomainView.ts';

/**
 * Contacts and nameservers from the back office. An api-mode domain's registrar is the truth: the
 * change is sent there first with no transaction open, and recorded here only once it accepted.
 * A manual domain has no registrar to ask: our record is all there is.
 */

export const OPERATOR_CONTACTS_SAVED = 'Contacts saved.';
export const OPERATOR_NAMESERVERS_SAVED = 'Nameservers saved.';
export const API_SUPPLIER_NOT_CONNECTED = 'This domain is in API mode but its supplier is not configured on this server: switch it to manual mode to change our record only.';
export const REGISTRAR_OUTCOME_UNKNOWN = 'The registrar did not answer in time: whether it made the change is unknown. Verify the domain before trying again.';
export const REGISTRAR_UNSUPPORTED_CHANGE = 'This registrar does not support this change through its API.';
export const REGISTRAR_LOST = 'The registrar no longer lists this domain.';
export const registrarRefused = (reason: string) => `The registrar refused the change: ${reason}.`;

interface SettingWrite {
  field: 'contacts' | 'nameservers';
  action: string;
  message: string;
  before: unknown;
  after: unknown;
  columns: { contacts?: string; nameservers?: string };
  atRegistrar: (registrar: Registrar, signal: AbortSignal) => Promise<void>;
}

async function writeSetting(ctx: BackOfficeCallContext, row: OperatorDomainRow, write: SettingWrite) {
  const api = row.supplier_id !== null && row.management_mode === 'api';
  if (api) {
    const registrar = registrarOf(ctx.services, row);
    if (!registrar) throw failedPrecondition(API_SUPPLIER_NOT_CONNECTED);
    try {
      await write.atRegistrar(registrar, AbortSignal.timeout(SUPPLIER_CALL_TIMEOUT_MS));
    } catch (error) {
      if (!(error instanceof RegistrarError)) throw error;
      await refusalOrUnknown(ctx, row, write, error);
    }
  }
  await ctx.unitOfWork(async (unit) => {
    const at = unit.services.clock.nowIso();
    await storeDomainSettings(unit.tx.db, row.id, write.columns, at);
    await record(unit.tx, {
      actor: operatorOf(unit), actingAs: null, action: write.action, target: { type: 'domain', id: row.id },
      before: { [write.field]: write.before }, after: { domain: row.name, [write.field]: write.after, atRegistrar: api }, requestId: unit.requestId, at,
    });
  });
  const fresh = await findOperatorDomain(ctx.services.db, row.name);
  if (!fresh) throw notFound(DOMAIN_NOT_FOUND);
  return { success: true as const, message: write.message, local: toManagedDomain(fresh) };
}

/** A refusal changes nothing; an unknown outcome may have changed the registrar, so it is recorded before the operator hears. */
async function refusalOrUnknown(ctx: BackOfficeCallContext, row: OperatorDomainRow, write: SettingWrite, error: RegistrarError): Promise<never> {
  ctx.log.warn({ registrar: error.details.registrar, kind: error.kind, code: error.details.code, domain: row.name, reason: error.message },
    'a registrar did not take an operator\'s change');
  if (outcomeUnknown(error.kind)) {
    await ctx.unitOfWork(async (unit) => record(unit.tx, {
      actor: operatorOf(unit), actingAs: null, action: 'domain.registrar_change_unknown', target: { type: 'domain', id: row.id },
      after: { domain: row.name, field: write.field, [write.field]: write.after }, requestId: unit.requestId, at: unit.services.clock.nowIso(),
    }));
    throw new FunctionError('UNAVAILABLE', REGISTRAR_OUTCOME_UNKNOWN);
  }
  switch (error.kind) {
    case 'invalid': throw invalidArgument(registrarRefused(shortReason(error.message)));
    case 'unsupported': throw failedPrecondition(REGISTRAR_UNSUPPORTED_CHANGE);
    case 'not_found': throw failedPrecondition(REGISTRAR_LOST);
    case 'auth': throw new FunctionError('UNAVAILABLE', registrarRefused('it refused our credentials'));
    default: throw failedPrecondition(registrarRefused(shortReason(error.message)));
  }
}

export async function operatorDomain(ctx: BackOfficeCallContext, name: string): Promise<OperatorDomainRow> {
  const row = await findOperatorDomain(ctx.services.db, name);
  if (!row) throw notFound(DOMAIN_NOT_FOUND);
  return row;
}

export function setContactsByOperator(ctx: BackOfficeCallContext, row: OperatorDomainRow, given: DomainContactsGiven) {
  const contacts = withBilling(given);
  return writeSetting(ctx, row, {
    field: 'contacts', action: 'domain.contacts_updated', message: OPERATOR_CONTACTS_SAVED,
    before: parseContacts(row.contacts), after: contacts, columns: { contacts: JSON.stringify(contacts) },
    atRegistrar: (registrar, signal) => registrar.setContacts(row.name, contacts, { signal }),
  });
}

export function setNameserversByOperator(ctx: BackOfficeCallContext, row: OperatorDomainRow, nameservers: string[]) {
  return writeSetting(ctx, row, {
    field: 'nameservers', action: 'domain.nameservers_updated', message: OPERATOR_NAMESERVERS_SAVED,
    before: parseNameservers(row.nameservers), after: nameservers, columns: { nameservers: JSON.stringify(nameservers) },
    atRegistrar: (registrar, signal) => registrar.setNameservers(row.name, nameservers, { signal }),
  });
}
