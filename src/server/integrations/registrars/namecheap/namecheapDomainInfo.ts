import type { DomainInfo, OwnedDomain, RegistrarDomainStatus } from '../registrar.ts';
import { contactsFrom } from './namecheapContacts.ts';
import { attr, child, childText, children, isTrue, text, toIsoDate, type XmlNode } from './namecheapXml.ts';

/**
 * getInfo's Status is documented as Ok, Locked or Expired. 'Locked' is read as active: the
 * registrar lock is reported apart (`locked`), and a locked domain still resolves. Anything naming a
 * hold or suspension is suspended; anything pending or in process is pending; unknown words stay
 * active rather than alarming a customer over a status we cannot read.
 */
export function domainStatus(status: string | null): RegistrarDomainStatus {
  const word = (status ?? '').toLowerCase();
  if (word.includes('expired')) return 'expired';
  if (/hold|suspend|block|deactivat|disabled/.test(word)) return 'suspended';
  if (/pending|process|inactive/.test(word)) return 'pending';
  return 'active';
}

export function expiryOf(getInfoResponse: XmlNode): string | null {
  return toIsoDate(childText(child(child(getInfoResponse, 'DomainGetInfoResult'), 'DomainDetails'), 'ExpiredDate') || null);
}

/** The `<Domain>` rows of a getList answer, with its paging. */
export function listPage(getListResponse: XmlNode): { rows: XmlNode[]; total: number; page: number; pageSize: number } {
  const paging = child(getListResponse, 'Paging');
  return {
    rows: children(child(getListResponse, 'DomainGetListResult'), 'Domain'),
    total: Number(childText(paging, 'TotalItems')) || 0,
    page: Number(childText(paging, 'CurrentPage')) || 1,
    pageSize: Number(childText(paging, 'PageSize')) || 0,
  };
}

export function ownedDomain(row: XmlNode): OwnedDomain {
  return {
    domain: (attr(row, 'Name') ?? '').toLowerCase(),
    expiresAt: toIsoDate(attr(row, 'Expires')),
    autoRenew: attr(row, 'AutoRenew') === null ? null : isTrue(attr(row, 'AutoRenew')),
  };
}

/**
 * A getList row for the portfolio sync: expiry, lock and auto-renew are on it; its status is only
 * IsExpired (a suspension shows at getInfo alone), and nameservers only as IsOurDNS (Namecheap's own DNS or not).
 */
export function listedDomain(row: XmlNode): OwnedDomain {
  return {
    ...ownedDomain(row),
    status: isTrue(attr(row, 'IsExpired')) ? 'expired' : 'active',
    locked: attr(row, 'IsLocked') === null ? null : isTrue(attr(row, 'IsLocked')),
    ...(attr(row, 'IsOurDNS') === null ? {} : { registrarDns: isTrue(attr(row, 'IsOurDNS')) }),
  };
}

/**
 * getInfo holds dates, status, nameservers and privacy; contacts need getContacts; auto-renew and
 * the registrar lock are only on getList's row, found by a search for the name.
 */
export function domainInfoFrom(domain: string, info: XmlNode, contacts: XmlNode, list: XmlNode): DomainInfo {
  const result = child(info, 'DomainGetInfoResult');
  const details = child(result, 'DomainDetails');
  const row = listPage(list).rows.find((candidate) => attr(candidate, 'Name')?.toLowerCase() === domain);
  const privacy = attr(child(result, 'Whoisguard'), 'Enabled');
  return {
    domain,
    status: domainStatus(attr(result, 'Status')),
    registeredAt: toIsoDate(childText(details, 'CreatedDate') || null),
    expiresAt: expiryOf(info),
    nameservers: children(child(result, 'DnsDetails'), 'Nameserver').map((ns) => text(ns).toLowerCase()).filter(Boolean),
    contacts: contactsFrom(child(contacts, 'DomainContactsResult')),
    autoRenew: row && attr(row, 'AutoRenew') !== null ? isTrue(attr(row, 'AutoRenew')) : null,
    locked: row && attr(row, 'IsLocked') !== null ? isTrue(attr(row, 'IsLocked')) : null,
    // 'NotAlloted' (no subscription) reads as off, like 'False'.
    privacy: privacy === null ? null : isTrue(privacy),
  };
}
