import { BlockList, isIP, type Server } from 'node:net';

/**
 * At most this many open connections per client address (issue 20): one address cannot take the
 * file descriptors every other client needs. A browser opens about six per site, plus its live
 * streams; a benchmark's 50 connections fit too.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128;

/**
 * Counts open sockets per peer address and closes the ones over the cap at once. Trusted proxies
 * (TRUST_PROXY as addresses) are exempt, since every client behind them shares their address;
 * with a hop count the proxies are unknown, so nothing is capped here and the proxy must do it.
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number, trustProxy: false | number | string[]): void {
  if (typeof trustProxy === 'number') return;
  const proxies = blockListOf(trustProxy === false ? [] : trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || isProxy(proxies, address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isProxy(proxies: BlockList, address: string): boolean {
  // Node reports IPv4 peers of a dual-stack socket as ::ffff:a.b.c.d.
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return proxies.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}
