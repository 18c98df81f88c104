import { isIP } from 'node:net';

/**
 * Where outgoing webhook requests may go. Everything public is allowed; loopback, private,
 * link-local, CGNAT, multicast, metadata and other special-purpose addresses are refused
 * (IPv4 and IPv6, including IPv4 written inside IPv6), unless the operator allowed the host or a
 * CIDR holding the address (`WEBHOOK_ALLOWED_HOSTS`). The check runs on the address actually
 * dialled (see guardedLookup), so a DNS answer cannot lead a request inside.
 */
export interface AllowList {
  hosts: ReadonlySet<string>;
  ranges: readonly Range[];
}

interface Range {
  family: 4 | 6;
  /** The network as a big integer (32 or 128 bits). */
  base: bigint;
  bits: number;
}

export const EMPTY_ALLOW_LIST: AllowList = { hosts: new Set(), ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;

/**
 * Parses `WEBHOOK_ALLOWED_HOSTS`: host names, addresses and CIDRs separated by commas or
 * spaces. Throws an Error naming the first entry it cannot read.
 */
export function parseAllowList(text: string | undefined): AllowList {
  const hosts = new Set<string>();
  const ranges: Range[] = [];
  for (const raw of (text ?? '').split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [address, prefix] = entry.split('/');
    const family = isIP(address.replace(/^\[|\]$/g, ''));
    if (family) {
      const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
      if (!/^\d{1,3}$/.test(prefix ?? '0') || bits > (family === 4 ? 32 : 128)) throw new Error(`"${raw}" is not a valid CIDR`);
      const value = toBigInt(address.replace(/^\[|\]$/g, ''));
      ranges.push({ family: family as 4 | 6, base: maskTo(value, bits, family === 4 ? 32 : 128), bits });
    } else if (prefix === undefined && HOST_NAME.test(entry)) {
      hosts.add(entry.replace(/\.$/, ''));
    } else {
      throw new Error(`"${raw}" is neither a host name, an IP address nor a CIDR`);
    }
  }
  return { hosts, ranges };
}

export function isAllowedHost(host: string, allow: AllowList): boolean {
  return allow.hosts.has(host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, ''));
}

/**
 * Why a request must not go to this address (e.g. 'loopback address 127.0.0.1'), or null when
 * it may. An address the operator allowed (in a CIDR of the allow list) may always be dialled.
 */
export function blockedAddressReason(ip: string, allow: AllowList = EMPTY_ALLOW_LIST): string | null {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (!family) return `"${ip}" is not an IP address`;
  const value = toBigInt(address);
  if (allow.ranges.some((r) => r.family === family && maskTo(value, r.bits, family === 4 ? 32 : 128) === r.base)) return null;
  const kind = family === 4 ? classifyV4(Number(value)) : classifyV6(value);
  return kind ? `${kind} address ${ip}` : null;
}

/**
 * Why a webhook URL is refused before any request (wrong scheme, credentials in it, or a host
 * that is a blocked address or a name that is always internal), or null. A public-looking name
 * can still resolve inside: the connect-time check catches that.
 */
export function plainlyBlockedUrlReason(url: string, allow: AllowList = EMPTY_ALLOW_LIST): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not a valid address.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must start with http:// or https://.';
  if (parsed.username || parsed.password) return 'Put credentials in the authentication settings, not in the URL.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isAllowedHost(host, allow)) return null;
  if (isIP(host)) {
    const reason = blockedAddressReason(host, allow);
    return reason ? `Webhooks cannot be sent to a ${reason}. Allow it in WEBHOOK_ALLOWED_HOSTS if it is yours.` : null;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local') || !host.includes('.')) {
    return `Webhooks cannot be sent to the internal host ${host}. Allow it in WEBHOOK_ALLOWED_HOSTS if it is yours.`;
  }
  return null;
}

function classifyV4(v: number): string | null {
  const inRange = (a: number, b: number, c: number, d: number, bits: number) => {
    const base = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return ((v & mask) >>> 0) === base;
  };
  if (inRange(127, 0, 0, 0, 8)) return 'loopback';
  if (inRange(0, 0, 0, 0, 8)) return 'unspecified';
  if (inRange(10, 0, 0, 0, 8) || inRange(172, 16, 0, 0, 12) || inRange(192, 168, 0, 0, 16)) return 'private';
  if (inRange(169, 254, 169, 254, 32) || inRange(100, 100, 100, 200, 32)) return 'cloud metadata';
  if (inRange(169, 254, 0, 0, 16)) return 'link-local';
  if (inRange(100, 64, 0, 0, 10)) return 'shared (CGNAT)';
  if (inRange(224, 0, 0, 0, 4)) return 'multicast';
  if (inRange(255, 255, 255, 255, 32)) return 'broadcast';
  if (inRange(240, 0, 0, 0, 4)) return 'reserved';
  if (inRange(192, 0, 0, 0, 24) || inRange(192, 0, 2, 0, 24) || inRange(198, 51, 100, 0, 24) || inRange(203, 0, 113, 0, 24)
    || inRange(198, 18, 0, 0, 15) || inRange(192, 88, 99, 0, 24)) return 'special-purpose';
  return null;
}

function classifyV6(v: bigint): string | null {
  const top = (bits: number) => v >> BigInt(128 - bits);
  if (v === 0n) return 'unspecified';
  if (v === 1n) return 'loopback';
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and
  // 6to4 (2002:AABB:CCDD::/48) reach the IPv4 address they carry, so that address decides.
  if (top(96) === 0xffffn || top(96) === 0n || top(96) === 0x64ff9b0000000000000000n) {
    const embedded = classifyV4(Number(v & 0xffffffffn));
    return embedded ? `${embedded} (IPv4 in IPv6)` : null;
  }
  if (top(16) === 0x2002n) {
    const embedded = classifyV4(Number((v >> 80n) & 0xffffffffn));
    return embedded ? `${embedded} (6to4)` : null;
  }
  if (v === 0xfd00_0ec2_0000_0000_0000_0000_0000_0254n) return 'cloud metadata';
  if (top(7) === 0x7en) return 'private (unique local)';
  if (top(10) === 0x3fan) return 'link-local';
  if (top(10) === 0x3fbn) return 'site-local';
  if (top(8) === 0xffn) return 'multicast';
  if (top(32) === 0x20010db8n) return 'documentation';
  if (top(32) === 0x20010000n) return 'special-purpose (Teredo)';
  return null;
}

function toBigInt(address: string): bigint {
  if (isIP(address) === 4) return address.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const four = toBigInt(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(four >> 16n).toString(16)}:${(four & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.reduce((acc, group) => (acc << 16n) + BigInt(parseInt(group, 16)), 0n);
}

function maskTo(value: bigint, bits: number, width: number): bigint {
  const shift = BigInt(width - bits);
  return (value >> shift) << shift;
}
