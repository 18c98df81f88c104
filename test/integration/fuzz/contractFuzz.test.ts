import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FunctionContract } from '../../../src/common/protocol.ts';
import { handlers } from '../../../src/server/features/functions.ts';
import { permissionCast, type PermissionCast } from '../../support/factories.ts';
import { type FakeRdap, startFakeRdap } from '../../support/registrars/rdap.fake.ts';
import { sampleInputs } from '../../support/samples/sampleInputs.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../support/testApp.ts';
import { forgedCursors, hostileValue, mutated } from './hostileInput.ts';
import { inputArbitrary, type KnownValues, topLevelKeys } from './schemaArbitrary.ts';
import { changedTables, type TableCounter, tableCounter, type TableCounts } from './tableCounts.ts';

/**
 * The security suite: every registered function's input, fuzzed from its contract, as a signed-in
 * owner of account A (back-office functions as an operator) and signed out. No input may yield a
 * 5xx, a stack trace, or framework or database text; a refused call (4xx) writes no row anywhere.
 * Replay a failure with the seed it prints: FUZZ_SEED=<seed> (and FUZZ_ONLY=<function name>).
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS = { signedIn: Math.ceil(30 * SCALE), operator: Math.ceil(25 * SCALE), signedOut: Math.ceil(6 * SCALE) };
const ONLY = process.env.FUZZ_ONLY?.split(',');
console.log(`contract fuzz: FUZZ_SEED=${BASE_SEED} FUZZ_SCALE=${SCALE} (runs per function: ${JSON.stringify(RUNS)})`);

const LEAK = /Maximum call stack|stack|driver|destroyed|syntax error|invalid byte sequence|invalid input syntax|out of range|violates|constraint|22021|22008|22P02|23505|SQLITE|postgres|kysely|FST_|ZodError|TypeError|ReferenceError|undefined is not|Cannot read prop/i;
const STACK_TRACE = /\bat \S+ \(\S+:\d+:\d+\)|node_modules|\/src\/server\//;

type Role = 'signedIn' | 'operator' | 'signedOut';

// The seed of a function follows its place in the whole registry, so FUZZ_ONLY replays the same cases.
const fuzzed = handlers.map((h, index) => ({ contract: h.contract, index })).filter(({ contract }) => !ONLY || ONLY.includes(contract.name));

describeEachDialect('contract fuzzing (every function, hostile input)', (dialect) => {
  let t: TestApp;
  let rdap: FakeRdap;
  let foreign: PermissionCast;
  let counts: TableCounter;
  let cast: PermissionCast | undefined;
  let castSpoiled = false;
  let foreignIds: string[];
  let calls = 0;
  const statuses: Record<number, number> = {};
  const started = Date.now();

  beforeAll(async () => {
    // The WHOIS lookup asks a registry: a local one that knows nothing, so the fuzz never leaves the machine.
    rdap = await startFakeRdap();
    t = await startTestApp(dialect, { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl } });
    counts = await tableCounter(t);
    // Another account and its objects: the ids a malicious member of account A would try.
    foreign = await permissionCast(t);
    const ticket = await t.call('submitTicket', { subject: 'Foreign', description: 'Not yours.', priority: 'low', accountId: foreign.accountId }, foreign.owner);
    foreignIds = [foreign.accountId, foreign.owner.id, foreign.member.id, foreign.globalAdmin.id, ticket.result.ticketId];
  });
  afterAll(async () => {
    console.log(`contract fuzz [${dialect}]: ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s, by status ${JSON.stringify(statuses)}`);
    await counts?.close();
    await t?.stop();
    await rdap?.server.close();
  });

  /** Inputs of the contract's shape, the matrix's own valid sample, and both changed in hostile ways. */
  function inputsFor(contract: FunctionContract, sample: unknown, known: KnownValues): fc.Arbitrary<unknown> {
    const shaped = inputArbitrary(contract.input, known);
    const base = sample === undefined ? shaped : fc.oneof(shaped, fc.constant(sample));
    const hostile = hostileValue(foreignIds);
    return fc.oneof(
      { weight: 3, arbitrary: base },
      { weight: 5, arbitrary: fc.tuple(base, fc.nat(), hostile, fc.constantFrom('replace', 'replace', 'extraKey', 'proto', 'constructor') as fc.Arbitrary<'replace'>)
        .map(([value, choice, replacement, kind]) => mutated(value, choice, replacement, kind)) },
      { weight: 1, arbitrary: hostile },
    );
  }

  /**
   * Every forged cursor, in the sample input, for a function that takes one: random picks among
   * them would leave a list's one bad shape to chance.
   */
  function forgedCursorExamples(contract: FunctionContract, sample: unknown, known: KnownValues): [unknown][] {
    const base = sample && typeof sample === 'object' && !Array.isArray(sample) ? sample : {};
    return topLevelKeys(contract.input).filter((key) => key === 'cursor' || key === 'startAfter')
      .flatMap((key) => (known[key] ?? []).map((cursor): [unknown] => [{ ...base, [key]: cursor }]));
  }

  async function check(name: string, input: unknown, caller: TestUser | null, state: { counted: TableCounts | null }) {
    const before = state.counted ?? await counts();
    calls += 1;
    const res = await t.app.inject({
      method: 'POST', url: `/api/fn/${name}`,
      headers: { 'content-type': 'application/json', ...(caller ? { authorization: `Bearer ${caller.token}` } : {}) },
      payload: JSON.stringify({ data: input }),
    });
    const body = res.body;
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 500) throw new Error(`${name} answered ${res.statusCode}: ${body.slice(0, 400)}`);
    if (STACK_TRACE.test(body)) throw new Error(`${name} answered a stack trace: ${body.slice(0, 400)}`);
    if (res.statusCode < 400) {
      state.counted = null;
      return;
    }
    if (LEAK.test(body)) throw new Error(`${name} answered ${res.statusCode} with internal text: ${body.slice(0, 400)}`);
    const after = await counts();
    state.counted = after;
    const changed = changedTables(before, after);
    if (Object.keys(changed).length > 0) throw new Error(`${name} refused (${res.statusCode} ${body.slice(0, 200)}) but changed rows: ${JSON.stringify(changed)}`);
  }

  fuzzed.forEach(({ contract, index }) => {
    it(`${contract.name}: no 5xx, no leak, and a refusal writes nothing`, async () => {
      // A fresh cast after a write function: a fuzzed write (disable a user, delete an account) never spoils the next function's run.
      if (!cast || castSpoiled) cast = await permissionCast(t);
      castSpoiled = contract.kind === 'write';
      const own: PermissionCast = cast;
      const known: KnownValues = {
        accountId: [own.accountId, foreign.accountId], userId: [own.member.id, own.owner.id, foreign.owner.id],
        ticketId: [foreignIds[4]], cursor: forgedCursors('cursor', foreignIds[4]), startAfter: forgedCursors('startAfter', foreignIds[4]),
      };
      const roles: Role[] = contract.access === 'back_office' ? ['operator', 'signedOut'] : contract.access === 'public' ? ['signedOut', 'signedIn'] : ['signedIn', 'signedOut'];
      for (const role of roles) {
        const caller = role === 'operator' ? own.globalAdmin : role === 'signedIn' ? own.owner : null;
        const sample: unknown = await sampleInputs[contract.name]?.({ t, cast: own, as: caller }).catch(() => undefined);
        const seed = BASE_SEED + index * 3 + roles.indexOf(role);
        const state = { counted: null as TableCounts | null };
        const numRuns = contract.access === 'public' ? RUNS.signedIn : RUNS[role];
        // fast-check counts the examples within numRuns: they come on top of the random cases.
        const examples = role === 'signedOut' ? [] : forgedCursorExamples(contract, sample, known);
        const outcome: fc.RunDetails<[unknown]> = await fc.check(fc.asyncProperty(inputsFor(contract, sample, known), (input) => check(contract.name, input, caller, state)),
          { seed, numRuns: numRuns + examples.length, endOnFailure: true, examples });
        if (outcome.failed) {
          const error: string = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
          expect.fail(`${contract.name} as ${role} (replay: FUZZ_SEED=${BASE_SEED} FUZZ_ONLY=${contract.name}; fast-check seed ${seed}): ${error}\ninput: ${JSON.stringify(outcome.counterexample?.[0])?.slice(0, 600)}`);
        }
      }
    }, 120_000);
  });
});
