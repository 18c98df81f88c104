import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { type FakeHttpServer, startFakeHttpServer } from '../fakeHttpServer.ts';

const RDAP_JSON = 'application/rdap+json';

/** An RDAP domain object as registries answer it (RFC 9083), with the members our client reads. */
export function rdapDomain(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    objectClassName: 'domain', ldhName: name.toUpperCase(), status: ['client transfer prohibited'],
    events: [
      { eventAction: 'registration', eventDate: '2025-03-14T10:00:00Z' },
      { eventAction: 'expiration', eventDate: '2026-03-14T10:00:00Z' },
      { eventAction: 'last changed', eventDate: '2025-06-01T08:30:00Z' },
      { eventAction: 'last update of RDAP database', eventDate: '2025-06-02T00:00:00Z' },
    ],
    entities: [{
      objectClassName: 'entity', handle: '1068', roles: ['registrar'], publicIds: [{ type: 'IANA Registrar ID', identifier: '1068' }],
      vcardArray: ['vcard', [['version', {}, 'text', '4.0'], ['fn', {}, 'text', 'Example Registrar LLC']]],
      entities: [{ objectClassName: 'entity', roles: ['abuse'], vcardArray: ['vcard', [['fn', {}, 'text', 'Abuse Desk']]] }],
    }],
    nameservers: [{ objectClassName: 'nameserver', ldhName: 'NS1.EXAMPLE.NET' }, { objectClassName: 'nameserver', ldhName: 'ns2.example.net.' }],
    rdapConformance: ['rdap_level_0'],
    ...overrides,
  };
}

export interface FakeRdap {
  server: FakeHttpServer;
  /** The fake's own RDAP base ('http://127.0.0.1:port/rdap/'). */
  base: string;
  bootstrapUrl: string;
  /** The registry's domains by name; a name not here is a 404. */
  domains: Map<string, Record<string, unknown>>;
  /** The bootstrap's services (RFC 9224 [[tlds], [bases]]); by default .com, .net and .co.uk on this fake. */
  services: [string[], string[]][];
  bootstrapFetches(): number;
}

/** A registry's RDAP server and the IANA bootstrap file pointing at it, on one local fake. */
export async function startFakeRdap(): Promise<FakeRdap> {
  const domains = new Map<string, Record<string, unknown>>();
  const fake: FakeRdap = {
    server: await startFakeHttpServer(({ path }) => {
      if (path === '/dns.json') {
        return { contentType: 'application/json', body: JSON.stringify({ version: '1.0', publication: '2025-01-01T00:00:00Z', services: fake.services }) };
      }
      const name = decodeURIComponent(path.replace(/^.*\/domain\//, '')).toLowerCase();
      const domain = domains.get(name);
      if (!domain) return { status: 404, contentType: RDAP_JSON, body: JSON.stringify({ errorCode: 404, title: 'Not Found', description: [`${name} is not registered.`] }) };
      return { contentType: RDAP_JSON, body: JSON.stringify(domain) };
    }),
    base: '',
    bootstrapUrl: '',
    domains,
    services: [],
    bootstrapFetches: () => fake.server.requests.filter((request) => request.path === '/dns.json').length,
  };
  fake.base = `${fake.server.url}/rdap/`;
  fake.bootstrapUrl = `${fake.server.url}/dns.json`;
  fake.services = [[['com', 'net', 'co.uk'], [fake.base]]];
  return fake;
}

export interface FakeRedirector {
  /** A base whose queries are redirected `hops` times before they reach `target`. */
  baseWith(hops: number): string;
  /** The Accept header of each request it received. */
  accepts: string[];
  close(): Promise<void>;
}

/**
 * Redirects /r{n}/domain/{name} to /r{n-1}/… (a relative Location) and /r0/… to the target base
 * (an absolute one, another server), as a registry pointing at a registrar's RDAP server does.
 */
export async function startFakeRdapRedirector(target: string): Promise<FakeRedirector> {
  const accepts: string[] = [];
  const server = createHttpServer((req, res) => {
    accepts.push(req.headers.accept ?? '');
    const match = /^\/r(\d+)\/(domain\/.*)$/.exec(req.url ?? '');
    if (!match) return res.writeHead(404).end();
    const hops = Number(match[1]);
    res.writeHead(302, { location: hops > 0 ? `/r${hops - 1}/${match[2]}` : `${target}${match[2]}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // The redirector counts the first answer as a hop too: a base with n hops redirects n times in all.
    baseWith: (hops) => `http://127.0.0.1:${port}/r${hops - 1}/`,
    accepts,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export type WhoisAnswer = string | { text?: string; drop?: boolean; delayMs?: number };

export interface FakeWhoisServer {
  port: number;
  /** Each query as received, without its CRLF. */
  queries: string[];
  close(): Promise<void>;
}

/** A port-43 WHOIS server (RFC 3912): reads one line, writes the answer, closes. */
export async function startFakeWhoisServer(answer: (query: string) => WhoisAnswer): Promise<FakeWhoisServer> {
  const queries: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let received = '';
    socket.on('data', async (chunk) => {
      received += chunk.toString('utf8');
      if (!received.includes('\r\n')) return;
      const query = received.slice(0, received.indexOf('\r\n'));
      queries.push(query);
      const reply = answer(query);
      const { text = '', drop = false, delayMs = 0 } = typeof reply === 'string' ? { text: reply } : reply;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (drop) return socket.destroy();
      socket.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    queries,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A thick-registry WHOIS answer in the common ICANN layout. */
export function whoisRecord(name: string): string {
  return [
    `   Domain Name: ${name.toUpperCase()}`,
    '   Registry Domain ID: 2336799_DOMAIN_COM-VRSN',
    '   Registrar WHOIS Server: whois.example-registrar.test',
    '   Registrar URL: http://www.example-registrar.test',
    '   Updated Date: 2025-06-01T08:30:00Z',
    '   Creation Date: 2025-03-14T10:00:00Z',
    '   Registry Expiry Date: 2026-03-14T10:00:00Z',
    '   Registrar: Example Registrar LLC',
    '   Registrar IANA ID: 1068',
    '   Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited',
    '   Domain Status: clientUpdateProhibited https://icann.org/epp#clientUpdateProhibited',
    '   Name Server: NS1.EXAMPLE.NET',
    '   Name Server: NS2.EXAMPLE.NET',
    '   DNSSEC: unsigned',
    '>>> Last update of whois database: 2025-06-02T00:00:00Z <<<',
    '',
    'NOTICE: The expiration date displayed in this record is the date the registrar\'s sponsorship of the domain name registration in the registry is currently set to expire.',
  ].join('\r\n');
}
