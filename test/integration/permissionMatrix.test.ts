import { afterAll, beforeAll, expect, it } from 'vitest';
import { CALLER_KINDS, type CallerKind, type Permissions } from '../../src/common/protocol.ts';
import { handlers as featureHandlers } from '../../src/server/features/functions.ts';
import { countAccounts, renameAccount } from '../support/samples/backOfficeFunctions.ts';
import { type PermissionCast, permissionCast } from '../support/factories.ts';
import { sampleInputs } from '../support/samples/sampleInputs.ts';
import { MATRIX_WHOIS_DOMAIN } from '../support/samples/admin/whois.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../support/registrars/rdap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';

// The registry drives the matrix: every registered function, called with a valid input as each
// kind of caller, must answer the status its contract declares. A function without a
// declaration or without a sample input fails here.
const registered = [...featureHandlers, countAccounts, renameAccount];

describeEachDialect('permission matrix (every registered function, every kind of caller)', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let rdap: FakeRdap;
  const as = (kind: CallerKind): TestUser | null => {
    if (kind === 'signedOut') return null;
    if (kind === 'superAdmin') return cast.globalAdmin;
    return cast[kind];
  };

  beforeAll(async () => {
    // The WHOIS lookup asks a registry: a local one, so the matrix never leaves the machine.
    rdap = await startFakeRdap();
    rdap.domains.set(MATRIX_WHOIS_DOMAIN, rdapDomain(MATRIX_WHOIS_DOMAIN));
    t = await startTestApp(dialect, { handlers: [countAccounts, renameAccount], env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl } });
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); await rdap.server.close(); });

  it('covers exactly what the app registers, and every function declares its answers and has a sample input', () => {
    expect(t.handlers.map((h) => h.contract.name).sort()).toEqual(registered.map((h) => h.contract.name).sort());
    const undeclared = t.handlers.filter((h) => !isComplete(h.contract.permissions)).map((h) => h.contract.name);
    const withoutSample = t.handlers.filter((h) => !sampleInputs[h.contract.name]).map((h) => h.contract.name);
    expect(undeclared, 'functions without a permissions declaration').toEqual([]);
    expect(withoutSample, 'functions without a sample input in test/support/sampleInputs.ts').toEqual([]);
  });

  for (const { contract } of registered) {
    it(`${contract.name} answers as declared`, async () => {
      const declared = contract.permissions;
      const sample = sampleInputs[contract.name];
      if (!declared || !sample) throw new Error(`${contract.name} has no permissions declaration or no sample input`);
      const answered = {} as Record<CallerKind, number>;
      for (const kind of CALLER_KINDS) {
        const res = await t.callRaw(contract.name, await sample({ t, cast, as: as(kind) }), as(kind));
        answered[kind] = res.status;
        if (res.status >= 500) throw new Error(`${contract.name} as ${kind}: ${JSON.stringify(res.error)}`);
      }
      expect(answered).toEqual(declared);
    });
  }
});

function isComplete(permissions: Permissions | undefined): boolean {
  return permissions !== undefined && CALLER_KINDS.every((kind) => Number.isInteger(permissions[kind]));
}
