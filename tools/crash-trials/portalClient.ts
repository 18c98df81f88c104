import { randomBytes } from 'node:crypto';

export interface CallAnswer<T> {
  status: number;
  result?: T;
  error?: { status: string; message: string };
}

/** The portal as a customer's browser reaches it: the callable-function protocol with a bearer session. */
export class PortalClient {
  token = '';
  constructor(readonly baseUrl: string) {}

  async call<T = unknown>(name: string, data: unknown, signal?: AbortSignal): Promise<CallAnswer<T>> {
    const response = await fetch(`${this.baseUrl}/api/fn/${name}`, {
      method: 'POST', signal,
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ data }),
    });
    const body = await response.json() as { result?: T; error?: { status: string; message: string } };
    return { status: response.status, result: body.result, error: body.error };
  }

  /** Like call, but anything other than 200 is an error of the trial's set-up. */
  async must<T = unknown>(name: string, data: unknown): Promise<T> {
    const answer = await this.call<T>(name, data);
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.error)}`);
    return answer.result as T;
  }

  /** Signs in with e-mail and password (the bootstrap super admin, for the back office's set-up). */
  async signIn(email: string, password: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: this.baseUrl }, body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    this.token = (await response.json() as { token: string }).token;
  }

  /** A new customer signed up through better-auth's endpoint, as the sign-up page does, with an account of their own. */
  async signUpWithAccount(): Promise<{ userId: string; accountId: string; email: string }> {
    const suffix = randomBytes(5).toString('hex');
    const email = `crash-${suffix}@example.test`;
    const response = await fetch(`${this.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: this.baseUrl },
      body: JSON.stringify({ name: `Crash Trial ${suffix}`, email, password: `crash-trial-password-${suffix}` }),
    });
    if (!response.ok) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const body = await response.json() as { token: string; user: { id: string } };
    this.token = body.token;
    const created = await this.must<{ account: { id: string } }>('createAccount', { accountName: `Crash trials ${suffix}` });
    return { userId: body.user.id, accountId: created.account.id, email };
  }
}

/** The test-mode card that pays. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', cardholderName: 'Crash Trial' };

export const sessionIdOf = (checkoutUrl: string) => decodeURIComponent(new URL(checkoutUrl, 'http://portal.local').pathname.split('/').at(-1)!);
