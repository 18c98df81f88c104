import { randomBytes } from 'node:crypto';
import type { FnInput, FnOutput, FunctionName } from '../../../src/common/contracts/index.ts';
import type { InstanceName } from './cluster.ts';

/** How a request reaches the portal: through nginx (balanced or pinned to one instance) or straight to an instance. */
export interface Route {
  /** nginx's address or an instance's own. */
  base: string;
  /** Through nginx: the instance to pin the request to. */
  pin?: InstanceName;
  /** The client's address, as nginx reports it in X-Forwarded-For; each test keeps its own rate budget. */
  address?: string;
}

export interface Credentials {
  /** The session cookie (name=value) as the browser would send it. */
  cookie: string;
  email: string;
  password: string;
}

export interface CallResult {
  status: number;
  body: { result?: unknown; error?: { status: string; message: string } };
  headers: Headers;
  /** The instance's address nginx passed the request to (X-Portal-Upstream), or null when direct. */
  upstream: string | null;
}

/** The portal's own origin: a call with a cookie from elsewhere is refused as cross-site. */
function headersFor(route: Route, publicUrl: string, cookie?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    origin: publicUrl,
    ...(cookie ? { cookie } : {}),
    ...(route.pin ? { 'x-portal-instance': route.pin } : {}),
    ...(route.address ? { 'x-forwarded-for': route.address } : {}),
  };
}

export function clientOf(publicUrl: string) {
  async function call<N extends FunctionName>(route: Route, name: N, data: FnInput<N>, who?: Credentials, signal?: AbortSignal): Promise<CallResult> {
    const response = await fetch(`${route.base}/api/fn/${name}`, {
      method: 'POST', headers: headersFor(route, publicUrl, who?.cookie), body: JSON.stringify({ data }), signal,
    });
    const text = await response.text();
    let body: CallResult['body'];
    try {
      body = JSON.parse(text) as CallResult['body'];
    } catch {
      // nginx's own error page (a 502 when an instance died mid-request) is HTML.
      body = { error: { status: 'NOT_JSON', message: text.slice(0, 200) } };
    }
    return { status: response.status, body, headers: response.headers, upstream: response.headers.get('x-portal-upstream') };
  }

  /** The result of a call that must succeed; throws with the answer otherwise. */
  async function ok<N extends FunctionName>(route: Route, name: N, data: FnInput<N>, who?: Credentials): Promise<FnOutput<N>> {
    const answer = await call(route, name, data, who);
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.result as FnOutput<N>;
  }

  async function auth(route: Route, path: string, body: unknown): Promise<{ response: Response; cookie: string; userId: string }> {
    const response = await fetch(`${route.base}/api/auth/${path}`, {
      method: 'POST', headers: headersFor(route, publicUrl), body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    const json = await response.json() as { user?: { id: string } };
    // The session cookie only: better-auth also sets a cache cookie on some paths.
    const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.includes('session_token='));
    if (!cookie) throw new Error(`${path} set no session cookie`);
    return { response, cookie, userId: json.user?.id ?? '' };
  }

  async function signIn(route: Route, email: string, password: string): Promise<Credentials & { upstream: string | null }> {
    const { response, cookie } = await auth(route, 'sign-in/email', { email, password });
    return { cookie, email, password, upstream: response.headers.get('x-portal-upstream') };
  }

  /** A new customer with an account of their own, as the sign-up page and /create-account make them. */
  async function newCustomer(route: Route, label: string): Promise<Credentials & { userId: string; accountId: string }> {
    const email = `${label}-${randomBytes(4).toString('hex')}@scaled.test`;
    const password = `Scaled-${randomBytes(6).toString('hex')}`;
    const { cookie, userId } = await auth(route, 'sign-up/email', { name: `Customer ${label}`, email, password });
    const who = { cookie, email, password };
    const { account } = await ok(route, 'createAccount', { accountName: `Account ${label}` }, who);
    return { ...who, userId, accountId: account.id };
  }

  return { call, ok, signIn, newCustomer };
}

export type Client = ReturnType<typeof clientOf>;

let addressCounter = 0;
/** A client address of its own (TEST-NET-2), so one test's calls do not spend another's per-address budget. */
export function newClientAddress(): string {
  addressCounter += 1;
  return `198.51.100.${(process.pid % 100) + addressCounter}`;
}
