import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../../../clock.ts';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import {
  type AvailabilityResult, type CallOptions, type DomainInfo, type Registrar, RegistrarError, type RegisterResult,
} from '../registrar.ts';
import { sandboxLatency } from './latency.ts';
import { SANDBOX_TLD_COSTS, sandboxCostOf } from './sandboxPrices.ts';
import {
  FAIL_MESSAGE, FAIL_ONCE_MESSAGE, FAIL_ONCE_PREFIX, SANDBOX_NAMESERVERS, checkContacts, checkYears, isTakenElsewhere, normalizeDomain, normalizeNameservers,
  parseSandboxName, refusesRegistration,
} from './sandboxRules.ts';
import { type SandboxDomainData, type SandboxDomainRow, createSandboxStore, newOrderId, newTransferCode } from './sandboxStore.ts';

/** A term's cost as real registrars charge it: the first year at the register price, later years at the renew price. */
const termCost = (cost: { registerCents: number | null; renewCents: number | null }, years: number) =>
  cost.registerCents! + (years - 1) * (cost.renewCents ?? cost.registerCents!);

export interface SandboxRegistrarDeps {
  db: Kysely<Database>;
  config: Config;
  clock?: Clock;
}

/** Calendar years later, in UTC (29 February rolls over to 1 March, as registries do). */
function addYears(iso: string, years: number): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
}

const error = (kind: RegistrarError['kind'], message: string, command: string) => new RegistrarError(kind, message, { registrar: 'sandbox', command });

/**
 * The built-in domain supplier, so search, registration, renewal and sync work offline. It
 * keeps what it registered in `sandbox_registrar_domains` (shared by every process on the
 * database), and follows fixed rules so each answer can be provoked (see sandboxRules.ts).
 */
export function createSandboxRegistrar(deps: SandboxRegistrarDeps): Registrar {
  const clock = deps.clock ?? systemClock;
  const now = () => clock.now();
  const store = createSandboxStore(deps.db, now);
  const latencyMs = deps.config.SANDBOX_REGISTRAR_LATENCY_MS;
  /** fail-once- names already refused by this instance: the next registration of one goes through. */
  const refusedOnce = new Set<string>();

  /** Every call answers after the configured latency; an abort during it ends the call. */
  async function answer<T>(command: string, options: CallOptions | undefined, work: () => Promise<T>): Promise<T> {
    await sandboxLatency(latencyMs, command, options?.signal);
    return work();
  }

  const registerResultOf = (row: SandboxDomainRow): RegisterResult => ({
    domain: row.domain, expiresAt: row.expiresAt, registrarOrderId: row.data.registrarOrderId, chargedCents: row.data.chargedCents,
  });

  /** Changes one setting of a held domain; an unchanged value writes nothing. */
  const change = (command: string, domain: string, next: (data: SandboxDomainData) => Partial<SandboxDomainData>) =>
    store.update(normalizeDomain(domain), command, (row) => {
      const changes = next(row.data);
      const same = Object.entries(changes).every(([key, value]) => JSON.stringify(row.data[key as keyof SandboxDomainData]) === JSON.stringify(value));
      return { row: same ? row : { ...row, data: { ...row.data, ...changes } }, result: undefined };
    });

  return {
    id: 'sandbox',
    name: 'Sandbox',

    checkAvailability: (domains, options) => answer('check', options, async () => {
      const names = domains.map((domain) => {
        try {
          return parseSandboxName(domain);
        } catch (failure) {
          return { domain: normalizeDomain(domain), error: (failure as Error).message };
        }
      });
      const held = await store.registered(names.flatMap((name) => ('sld' in name ? [name.domain] : [])));
      return names.map((name): AvailabilityResult => {
        const base = { domain: name.domain, premium: false, premiumPriceCents: null };
        if (!('sld' in name)) return { ...base, available: false, error: name.error };
        return { ...base, available: !held.has(name.domain) && !isTakenElsewhere(name.sld), error: null };
      });
    }),

    listTldCosts: (options) => answer('listTldCosts', options, async () => SANDBOX_TLD_COSTS.map((cost) => ({ ...cost }))),

    register: (request, options) => answer('register', options, async () => {
      const { domain, sld, tld } = parseSandboxName(request.domain);
      checkYears(request.years);
      if (!request.idempotencyKey) throw error('invalid', 'A registration needs an idempotency key.', 'register');
      const earlier = await store.findByKey(request.idempotencyKey);
      if (earlier) {
        if (earlier.domain !== domain) throw error('invalid', `This idempotency key already registered ${earlier.domain}.`, 'register');
        return registerResultOf(earlier);
      }
      if (isTakenElsewhere(sld)) throw error('not_available', `${domain} is already registered.`, 'register');
      if (refusesRegistration(sld)) throw error('failed', FAIL_MESSAGE, 'register');
      if (sld.startsWith(FAIL_ONCE_PREFIX) && !refusedOnce.has(domain)) {
        refusedOnce.add(domain);
        throw error('failed', FAIL_ONCE_MESSAGE, 'register');
      }
      checkContacts(request.contacts);
      const nameservers = request.nameservers.length > 0 ? normalizeNameservers(request.nameservers) : SANDBOX_NAMESERVERS;
      const registeredAt = now().toISOString();
      const row = {
        domain, registeredAt, expiresAt: addYears(registeredAt, request.years), idempotencyKey: request.idempotencyKey,
        data: {
          contacts: request.contacts, nameservers, autoRenew: request.autoRenew, locked: true, privacy: request.privacy,
          transferCode: newTransferCode(), registrarOrderId: newOrderId(),
          chargedCents: termCost(sandboxCostOf(tld)!, request.years), renewals: [], revision: 1,
        },
      };
      if (await store.insert(row)) return registerResultOf({ ...row, stored: '' });
      // Lost a race: to a retry of this very request (its answer is ours) or to someone else.
      const raced = await store.findByKey(request.idempotencyKey);
      if (raced?.domain === domain) return registerResultOf(raced);
      throw error('not_available', `${domain} is already registered.`, 'register');
    }),

    renew: (domain, years, idempotencyKey, options) => answer('renew', options, async () => {
      checkYears(years);
      const name = normalizeDomain(domain);
      return store.update(name, 'renew', (row) => {
        const earlier = row.data.renewals.find((renewal) => renewal.key === idempotencyKey);
        if (earlier) return { row, result: { domain: name, expiresAt: earlier.expiresAt, registrarOrderId: earlier.registrarOrderId } };
        const expiresAt = addYears(row.expiresAt, years);
        if (expiresAt > addYears(now().toISOString(), 10)) {
          throw error('invalid', `${name} cannot be renewed beyond 10 years from today.`, 'renew');
        }
        const renewal = { key: idempotencyKey, expiresAt, registrarOrderId: newOrderId() };
        return {
          row: { ...row, expiresAt, data: { ...row.data, renewals: [...row.data.renewals, renewal].slice(-20) } },
          result: { domain: name, expiresAt, registrarOrderId: renewal.registrarOrderId },
        };
      });
    }),

    getInfo: (domain, options) => answer('getInfo', options, async (): Promise<DomainInfo> => {
      const row = await store.get(normalizeDomain(domain), 'getInfo');
      return {
        domain: row.domain,
        status: row.expiresAt <= now().toISOString() ? 'expired' : 'active',
        registeredAt: row.registeredAt,
        expiresAt: row.expiresAt,
        nameservers: row.data.nameservers,
        contacts: row.data.contacts,
        autoRenew: row.data.autoRenew,
        locked: row.data.locked,
        privacy: row.data.privacy,
      };
    }),

    // No nameservers means the sandbox's own, as a registration without nameservers gets.
    setNameservers: (domain, nameservers, options) => answer('setNameservers', options, () => change('setNameservers', domain, () => ({
      nameservers: nameservers.length > 0 ? normalizeNameservers(nameservers) : SANDBOX_NAMESERVERS,
    }))),

    setContacts: (domain, contacts, options) => answer('setContacts', options, () => {
      checkContacts(contacts);
      return change('setContacts', domain, () => ({ contacts }));
    }),

    setAutoRenew: (domain, enabled, options) => answer('setAutoRenew', options, () => change('setAutoRenew', domain, () => ({ autoRenew: enabled }))),
    setLock: (domain, locked, options) => answer('setLock', options, () => change('setLock', domain, () => ({ locked }))),
    setPrivacy: (domain, enabled, options) => answer('setPrivacy', options, () => change('setPrivacy', domain, () => ({ privacy: enabled }))),

    getTransferCode: (domain, options) => answer('getTransferCode', options, async () =>
      (await store.get(normalizeDomain(domain), 'getTransferCode')).data.transferCode),

    listDomains: (options) => answer('listDomains', options, async () =>
      (await store.all()).map((row) => ({ domain: row.domain, expiresAt: row.expiresAt, autoRenew: row.data.autoRenew }))),

    async testConnection(options) {
      const log = ['The sandbox registrar is built in: no credentials, no network.', `It answers after ${latencyMs} ms.`];
      try {
        await sandboxLatency(latencyMs, 'testConnection', options?.signal);
        log.push(`Read its registry table: ${await store.count()} domain(s) registered.`);
        log.push(`Priced TLDs: ${SANDBOX_TLD_COSTS.map((cost) => `.${cost.tld}`).join(' ')}.`);
        return { ok: true, log };
      } catch (failure) {
        log.push(`Failed: ${(failure as Error).message}`);
        return { ok: false, log };
      }
    },
  };
}
