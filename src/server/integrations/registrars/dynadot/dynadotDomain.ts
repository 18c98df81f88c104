import type { DomainInfo, OwnedDomain, RegistrarDomainStatus } from '../registrar.ts';
import { field, isoDate, list, text, yes } from './dynadotWire.ts';

/** domain_info answers `DomainInfo`; the XML-mirrored shape and list_domain entries wrap it in `Domain`. */
export function domainObject(value: unknown): unknown {
  const inner = field(value, 'DomainInfo', 'Domain');
  return inner !== undefined && typeof inner === 'object' ? inner : value;
}

export function domainName(domain: unknown): string {
  return text(field(domain, 'Name', 'DomainName')).toLowerCase();
}

/**
 * Registry holds (Disabled, Hold, UdrpLocked flags or such a Status) are 'suspended'; expired,
 * grace and redemption are 'expired'; transfers and orders in progress are 'pending'. An
 * unknown Status falls back to the expiry date.
 */
export function domainStatus(domain: unknown, now: number): RegistrarDomainStatus {
  const status = text(field(domain, 'Status')).toLowerCase();
  const flagged = ['Disabled', 'Hold', 'UdrpLocked'].some((flag) => yes(field(domain, flag)) === true);
  if (flagged || /suspend|hold|disabled|udrp|frozen/.test(status)) return 'suspended';
  if (/expire|redemption|grace|delete/.test(status)) return 'expired';
  if (/pending|transfer|processing|progress/.test(status)) return 'pending';
  if (/active|ok|normal|registered/.test(status)) return 'active';
  const expiresAt = isoDate(field(domain, 'Expiration'));
  return expiresAt !== null && Date.parse(expiresAt) < now ? 'expired' : 'active';
}

/** domain_info shows the renew option as display text ('auto-renew', 'do not renew'); 'reset' and unknown texts say nothing. */
export function autoRenewOf(domain: unknown): boolean | null {
  const option = text(field(domain, 'RenewOption')).toLowerCase();
  if (/not|donot|manual|off/.test(option)) return false;
  if (/auto/.test(option)) return true;
  return null;
}

function privacyOf(domain: unknown): boolean | null {
  const privacy = text(field(domain, 'Privacy')).toLowerCase();
  if (privacy === 'full' || privacy === 'partial') return true;
  return yes(privacy);
}

/** Nameservers only when the domain points at name servers (not Dynadot parking, forwarding or hosting). */
function nameserversOf(domain: unknown): string[] {
  const settings = field(domain, 'NameServerSettings');
  const servers = list(field(settings, 'NameServers', 'NameServer'));
  return servers
    .map((server) => (typeof server === 'string' ? server : text(field(server, 'ServerName', 'Host', 'Name'))).toLowerCase())
    .filter((name) => name.length > 0);
}

export function domainInfoFrom(domain: unknown, now: number): Omit<DomainInfo, 'contacts'> {
  return {
    domain: domainName(domain),
    status: domainStatus(domain, now),
    registeredAt: isoDate(field(domain, 'Registration')),
    expiresAt: isoDate(field(domain, 'Expiration')),
    nameservers: nameserversOf(domain),
    autoRenew: autoRenewOf(domain),
    locked: yes(field(domain, 'Locked')),
    privacy: privacyOf(domain),
  };
}

export function ownedDomainFrom(entry: unknown): OwnedDomain {
  const domain = domainObject(entry);
  return { domain: domainName(domain), expiresAt: isoDate(field(domain, 'Expiration')), autoRenew: autoRenewOf(domain) };
}
