import { afterAll, beforeAll, expect, it } from 'vitest';
import { testContacts } from '../../../../../test/support/registrars/contacts.fixture.ts';
import { type FakeDynadot, dynadotTestEnv, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { loadConfig } from '../../../config.ts';
import type { Registrar } from '../registrar.ts';
import { createDynadotRegistrar } from './dynadotRegistrar.ts';

const contacts = testContacts();
const order = (domain: string) => ({ domain, years: 1, contacts, nameservers: [], privacy: false, autoRenew: false, idempotencyKey: 'k' });

/**
 * Issue 18, point 11: Dynadot's register takes no renew option, so it is a second call. A refused
 * set_renew_option used to be swallowed, leaving Dynadot's own auto-renew as the account default.
 */
let fake: FakeDynadot;
let dynadot: Registrar;
beforeAll(async () => {
  fake = await startFakeDynadot();
  dynadot = createDynadotRegistrar(loadConfig(dynadotTestEnv(fake)))!;
});
afterAll(async () => { await fake.close(); });

const renewOptionCalls = (domain: string) => fake.requests.filter((r) => r.params.command === 'set_renew_option' && r.params.domain === domain).length;

it('asks set_renew_option again once when it is refused, and the registration stands', async () => {
  fake.failNextTimes('set_renew_option', 'system busy', 1);
  const result = await dynadot.register(order('renew-option-once.com'));
  expect(result.followUpErrors).toBeUndefined();
  expect(renewOptionCalls('renew-option-once.com')).toBe(2);
  expect(fake.domains.get('renew-option-once.com')!.renewOption).toBe('donot');
});

it('a renew option refused twice is answered with the registration, not swallowed', async () => {
  fake.failNextTimes('set_renew_option', 'system busy', 2);
  const result = await dynadot.register(order('renew-option-refused.com'));
  expect(result.expiresAt).toEqual(expect.any(String));
  expect(result.followUpErrors).toEqual([expect.stringMatching(/set_renew_option/)]);
  expect(fake.domains.has('renew-option-refused.com')).toBe(true);
});
