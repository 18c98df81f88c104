import type { DomainStatus } from '../../../../common/domains/domains.ts';
import type { OwnedDomain } from '../../../integrations/registrars/registrar.ts';

/** Our side of a domain, as the sync reads it. */
export interface OurDomain {
  id: string;
  name: string;
  status: DomainStatus;
  expirationDate: string | null;
  nameservers: string[];
  locked: boolean;
}

export type DifferenceField = 'expiry' | 'status' | 'nameservers' | 'locked' | 'registrarAutoRenew' | 'listed';
export const COMPARED_FIELDS: readonly DifferenceField[] = ['expiry', 'status', 'nameservers', 'locked', 'registrarAutoRenew', 'listed'];

export interface Difference {
  domainId: string;
  field: DifferenceField;
  ours: string | null;
  theirs: string | null;
  /** What an operator must do (the sync cannot put it right itself). */
  action: string | null;
}

const day = (instant: string | null | undefined) => (instant ? new Date(instant).toISOString().slice(0, 10) : null);
const nameserverKey = (list: string[]) => [...list].map((ns) => ns.toLowerCase()).sort().join(', ');
const onOff = (value: boolean) => (value ? 'on' : 'off');
const isUnder = (host: string, suffix: string) => host.toLowerCase() === suffix || host.toLowerCase().endsWith(`.${suffix}`);
export const REGISTRAR_DNS = "the registrar's own DNS";

/**
 * The fields on which the registrar's answer differs from our row, among those it carries
 * (a field it left out is not compared). Expiry is compared by UTC day: registrars give dates,
 * we keep instants. Our empty nameserver list means "the registrar's own", whose names we do not know.
 * The registrar's own auto-renew is not here: the sync handles it (turned off, or left to an operator).
 */
export function differencesOf(ours: OurDomain, theirs: OwnedDomain, ownDnsSuffix?: string): Difference[] {
  const found: Difference[] = [];
  const add = (field: DifferenceField, our: string | null, their: string | null) => found.push({ domainId: ours.id, field, ours: our, theirs: their, action: null });
  if (theirs.expiresAt && day(theirs.expiresAt) !== day(ours.expirationDate)) add('expiry', day(ours.expirationDate), day(theirs.expiresAt));
  if (theirs.status && theirs.status !== ours.status) add('status', ours.status, theirs.status);
  if (theirs.nameservers && theirs.nameservers.length > 0 && ours.nameservers.length > 0
    && nameserverKey(theirs.nameservers) !== nameserverKey(ours.nameservers)) add('nameservers', nameserverKey(ours.nameservers), nameserverKey(theirs.nameservers));
  // Only "the registrar's own DNS" is known: ours differ when they are hosts elsewhere.
  if (!theirs.nameservers && theirs.registrarDns === true && ownDnsSuffix && ours.nameservers.length > 0
    && !ours.nameservers.every((ns) => isUnder(ns, ownDnsSuffix))) add('nameservers', nameserverKey(ours.nameservers), REGISTRAR_DNS);
  if (typeof theirs.locked === 'boolean' && theirs.locked !== ours.locked) add('locked', onOff(ours.locked), onOff(theirs.locked));
  return found;
}

/** The fields this answer lets us judge: a difference of another field from an earlier night stays as it was. */
export function comparedFieldsOf(theirs: OwnedDomain | null, ownDnsSuffix?: string): DifferenceField[] {
  if (!theirs) return ['listed'];
  const fields: DifferenceField[] = ['listed'];
  if (theirs.expiresAt) fields.push('expiry');
  if (theirs.status) fields.push('status');
  if ((theirs.nameservers && theirs.nameservers.length > 0) || (!theirs.nameservers && theirs.registrarDns === true && ownDnsSuffix)) fields.push('nameservers');
  if (typeof theirs.locked === 'boolean') fields.push('locked');
  if (typeof theirs.autoRenew === 'boolean') fields.push('registrarAutoRenew');
  return fields;
}
