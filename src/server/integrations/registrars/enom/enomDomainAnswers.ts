import type { OwnedDomain, RegistrarDomainStatus } from '../registrar.ts';
import { enomBoolean, enomDate } from './enomValues.ts';
import { attribute, child, children, descendant, text, type XmlNode } from './enomXml.ts';

/** Enom's registrationstatus ('Registered', 'Expired', 'Hold', …) in our four states. */
export function statusOf(registrationStatus: string | null, expiresAt: string | null, now: number): RegistrarDomainStatus {
  const status = (registrationStatus ?? '').toLowerCase();
  if (/expired|redemption|rgp|deleted/.test(status)) return 'expired';
  if (/hold|suspend/.test(status)) return 'suspended';
  if (/pending|process|transfer|waiting/.test(status)) return 'pending';
  if (expiresAt && Date.parse(expiresAt) < now) return 'expired';
  return 'active';
}

/** A date element, preferring its UTC attribute (newer answers carry one) to the US-format text. */
function dateOf(node: XmlNode | null): string | null {
  return enomDate(attribute(node, 'UTC')) ?? enomDate(node?.text);
}

export interface EnomDomainInfo {
  expiresAt: string | null;
  status: RegistrarDomainStatus;
  nameservers: string[];
}

/** GetDomainInfo: expiry and status under <status>, nameservers in the 'dnsserver' service entry. */
export function parseDomainInfo(root: XmlNode, now: number): EnomDomainInfo {
  const info = child(root, 'GetDomainInfo') ?? root;
  const status = child(info, 'status');
  const expiresAt = dateOf(child(status, 'expiration'));
  const dnsEntry = children(child(info, 'services'), 'entry').find((e) => attribute(e, 'name')?.toLowerCase() === 'dnsserver');
  const nameservers = children(child(dnsEntry, 'configuration'), 'dns').map((d) => d.text.toLowerCase()).filter(Boolean);
  return { expiresAt, status: statusOf(text(status, 'registrationstatus'), expiresAt, now), nameservers };
}

export interface EnomDomainPage {
  domains: OwnedDomain[];
  /** Enom's Start for the next page, when it says. */
  nextStart: number | null;
}

/** A GetDomains page (⚠ element names unverified: domain-list > domain with sld/tld or DomainName). */
function lockOf(value: string | null): { locked?: boolean } {
  if (value === null) return {};
  return { locked: /^(locked|1|true|yes)$/i.test(value.trim()) };
}

export function parseDomainPage(root: XmlNode): EnomDomainPage {
  const list = child(root, 'GetDomains', 'domain-list') ?? descendant(root, 'domain-list');
  const domains = children(list, 'domain').flatMap((d): OwnedDomain[] => {
    const sld = text(d, 'sld');
    const tld = text(d, 'tld');
    const name = text(d, 'DomainName') ?? (sld && tld ? `${sld}.${tld}` : null);
    if (!name) return [];
    return [{
      domain: name.toLowerCase(),
      expiresAt: dateOf(child(d, 'expiration-date')),
      autoRenew: enomBoolean(text(d, 'auto-renew') ?? text(d, 'AutoRenew')),
      // GetAllDomains names it lockstatus ('Locked'); GetDomains' element is unverified, so both are read.
      ...lockOf(text(d, 'lockstatus') ?? text(d, 'reg-lock')),
    }];
  });
  const next = text(descendant(root, 'NextRecords'));
  return { domains, nextStart: next !== null && /^\d+$/.test(next) ? Number(next) : null };
}
