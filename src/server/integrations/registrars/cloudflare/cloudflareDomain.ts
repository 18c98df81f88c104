import type { DomainInfo, OwnedDomain, RegistrarDomainStatus } from '../registrar.ts';

/**
 * One item of the account's registrar domains (GET …/registrar/domains[/{name}]). The list
 * carries the lock and dates; auto_renew and privacy where Cloudflare includes them. It never
 * names the nameservers: a Cloudflare-registered name uses its Cloudflare zone's.
 */
export interface CloudflareDomain {
  name: string;
  createdAt: string | null;
  expiresAt: string | null;
  locked: boolean | null;
  autoRenew: boolean | null;
  privacy: boolean | null;
  registryStatuses: string[];
}

export function readDomain(value: unknown): CloudflareDomain | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Record<string, unknown>;
  const name = [item.name, item.domain_name, item.id].find((v): v is string => typeof v === 'string' && v.includes('.'));
  if (!name) return null;
  const statuses = typeof item.registry_statuses === 'string' ? item.registry_statuses.split(/[,\s]+/)
    : Array.isArray(item.registry_statuses) ? item.registry_statuses.filter((s): s is string => typeof s === 'string') : [];
  return {
    name: name.toLowerCase().replace(/\.$/, ''),
    createdAt: isoOrNull(item.created_at),
    expiresAt: isoOrNull(item.expires_at),
    locked: boolOrNull(item.locked),
    autoRenew: boolOrNull(item.auto_renew),
    privacy: boolOrNull(item.privacy),
    registryStatuses: statuses.filter(Boolean),
  };
}

export function statusOf(domain: CloudflareDomain, now: Date): RegistrarDomainStatus {
  const statuses = domain.registryStatuses.map((s) => s.toLowerCase());
  if (statuses.some((s) => s.includes('redemption') || s.includes('pendingdelete'))) return 'expired';
  if (statuses.some((s) => s.includes('hold'))) return 'suspended';
  if (domain.expiresAt && Date.parse(domain.expiresAt) < now.getTime()) return 'expired';
  return 'active';
}

export function infoOf(domain: CloudflareDomain, now: Date): DomainInfo {
  return {
    domain: domain.name, status: statusOf(domain, now), registeredAt: domain.createdAt, expiresAt: domain.expiresAt,
    nameservers: [], contacts: null, autoRenew: domain.autoRenew, locked: domain.locked, privacy: domain.privacy,
  };
}

export function ownedOf(domain: CloudflareDomain, now: Date): OwnedDomain {
  return { domain: domain.name, expiresAt: domain.expiresAt, autoRenew: domain.autoRenew, status: statusOf(domain, now), locked: domain.locked };
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function boolOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}
