import { type DomainLookup, hostName, isoDate, statusWords, unique } from './domainLookup.ts';

type Json = Record<string, unknown>;

const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((item): item is Json => typeof item === 'object' && item !== null) : []);
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

function eventDate(events: Json[], ...actions: string[]): string | null {
  for (const action of actions) {
    const date = isoDate(events.find((event) => lower(event.eventAction) === action)?.eventDate);
    if (date) return date;
  }
  return null;
}

/** jCard (RFC 7095): ["vcard", [[name, params, type, value], …]]; the formatted name is 'fn'. */
function vcardName(entity: Json): string | null {
  const card = entity.vcardArray;
  const properties = Array.isArray(card) && Array.isArray(card[1]) ? card[1] : [];
  const fn = properties.find((property: unknown) => Array.isArray(property) && lower(property[0]) === 'fn');
  return typeof fn?.[3] === 'string' && fn[3].trim() ? fn[3].trim() : null;
}

/** The registrar entity, at the top level as registries put it, or nested as some registrars do. */
function registrarName(entities: Json[]): string | null {
  for (const entity of entities) {
    const roles = Array.isArray(entity.roles) ? entity.roles.map(lower) : [];
    if (roles.includes('registrar')) return vcardName(entity);
  }
  for (const entity of entities) {
    const nested = registrarName(objects(entity.entities));
    if (nested) return nested;
  }
  return null;
}

/** An RDAP domain object (RFC 9083 §5.3) in our shape; members missing or malformed read as unknown. */
export function lookupFromRdap(domain: Json): DomainLookup {
  const events = objects(domain.events);
  return {
    source: 'rdap',
    registrar: registrarName(objects(domain.entities)),
    status: unique((Array.isArray(domain.status) ? domain.status : []).filter((s): s is string => typeof s === 'string').map(statusWords)),
    registeredAt: eventDate(events, 'registration'),
    expiresAt: eventDate(events, 'expiration', 'registrar expiration'),
    updatedAt: eventDate(events, 'last changed'),
    nameservers: unique(objects(domain.nameservers).flatMap((ns) => (typeof ns.ldhName === 'string' ? [hostName(ns.ldhName)] : []))),
  };
}
