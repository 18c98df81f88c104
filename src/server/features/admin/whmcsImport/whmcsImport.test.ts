import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WhmcsImportSummary, WhmcsPreviewRow } from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_OVERRIDE_ERRORS, WHMCS_ROW_NOTES } from '../../../../common/admin/whmcsImport/texts.ts';
import { createAccount, createUser } from '../../../../../test/support/factories.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { workRuns } from '../../../../../test/support/workRuns.ts';

const HEADER = 'domain,email,registrar,status,registrationdate,expirydate,donotrenew,idprotection,additionalnotes';

/**
 * importWhmcsDomains through HTTP (issue 19): what a preview proposes for each row, what apply
 * writes, the spec's decisions with each option combination, the operator's overrides, and
 * applying the same file twice.
 */
describeEachDialect('importWhmcsDomains: decisions, preview and apply', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let alpha: string;
  let beta: string;
  let gamma: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    // Alpha is found by its billing e-mail, beta by its owner's sign-in address; gamma and delta share a billing e-mail.
    alpha = await createAccount(t, await createUser(t), 'Alpha Ltd');
    await t.services.db.updateTable('accounts').set({ billing_email: 'Billing@Alpha.test' }).where('id', '=', alpha).execute();
    beta = await createAccount(t, await createUser(t, { email: 'owner@beta.test' }), 'Beta GmbH');
    gamma = await createAccount(t, await createUser(t), 'Gamma');
    const delta = await createAccount(t, await createUser(t), 'Delta');
    await t.services.db.updateTable('accounts').set({ billing_email: 'shared@example.test' }).where('id', 'in', [gamma, delta]).execute();
    // The sandbox runs here (api); Dynadot is a supplier we know but have no credentials for (manual).
    await seedSupplier(t.services.db, { id: 'sandbox', name: 'Sandbox' }, []);
    await seedSupplier(t.services.db, { id: 'dynadot', name: 'Dynadot', active: false }, []);
  });
  afterAll(async () => { await t.stop(); });

  const run = async (csvText: string, extra: Record<string, unknown> = {}) => {
    const res = await t.callRaw<{ success: boolean; message: string; runId: string | null; summary: WhmcsImportSummary }>(
      'importWhmcsDomains', { csvText, mode: 'preview', ...extra }, operator);
    if (res.status !== 200) throw new Error(`importWhmcsDomains ${res.status}: ${JSON.stringify(res.error)}`);
    return res.result;
  };
  const rowOf = (summary: WhmcsImportSummary, domain: string): WhmcsPreviewRow => {
    const row = summary.rows.find((r) => r.domain === domain);
    if (!row) throw new Error(`no row for ${domain}`);
    return row;
  };
  const domainRow = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst();
  const countDomains = async () => Number((await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const existing = async (name: string, accountId: string | null) => {
    const now = t.services.clock.nowIso();
    await t.services.db.insertInto('domains').values({
      id: `dom_${name}`, account_id: accountId, name, tld: name.slice(name.indexOf('.') + 1), status: 'active', supplier_id: null,
      management_mode: 'manual', registration_id: null, registration_date: null, expiration_date: '2026-01-01T00:00:00.000Z',
      auto_renew: true, privacy: false, locked: true, nameservers: '[]', contacts: null, notes: 'ours', created_at: now, updated_at: now,
    }).execute();
  };

  it('preview maps each client to an account by billing e-mail, else owner e-mail, and each registrar to a supplier, writing no domain', async () => {
    const before = await countDomains();
    const csv = [HEADER,
      'alpha-one.com,billing@alpha.test,sandbox,Active,2020-01-15,2027-01-15,0,1,VIP',
      'beta-one.com,OWNER@beta.test,dynadot,Pending Transfer,,,1,0,',
      'nobody-one.com,nobody@nowhere.test,enom,Expired,,,,,',
      'noemail-one.com,,,Grace,,,,,',
      'shared-one.com,shared@example.test,manual,Fraud,,,,,',
      'gone-one.com,billing@alpha.test,sandbox,Cancelled,,,,,',
    ].join('\n');
    const answer = await run(csv);
    expect(answer.runId).toBeNull();
    expect(answer.message).toBe('Preview of 6 rows: nothing has been written yet.');
    const s = answer.summary;
    expect([s.total, s.createdDomains, s.updatedDomains, s.skippedDomains, s.errors]).toEqual([6, 5, 0, 1, []]);
    expect(rowOf(s, 'alpha-one.com')).toEqual({
      line: 2, domain: 'alpha-one.com', exists: false, currentAccountId: null, proposedAccountId: alpha, decision: 'create',
      status: 'active', registrar: 'sandbox', managementMode: 'api', note: null,
    });
    expect(rowOf(s, 'beta-one.com')).toMatchObject({ proposedAccountId: beta, status: 'pending', registrar: 'dynadot', managementMode: 'manual', note: null });
    expect(rowOf(s, 'nobody-one.com')).toMatchObject({
      proposedAccountId: null, status: 'expired', registrar: 'manual', managementMode: 'manual',
      note: `${WHMCS_ROW_NOTES.unknownClient('nobody@nowhere.test')} ${WHMCS_ROW_NOTES.unknownRegistrar('enom')}`,
    });
    expect(rowOf(s, 'noemail-one.com')).toMatchObject({ proposedAccountId: null, note: WHMCS_ROW_NOTES.noClientEmail });
    expect(rowOf(s, 'shared-one.com')).toMatchObject({ proposedAccountId: null, status: 'suspended', registrar: 'manual', note: WHMCS_ROW_NOTES.ambiguousClient('shared@example.test', 2) });
    expect(rowOf(s, 'gone-one.com')).toMatchObject({ decision: 'skip', status: null, registrar: null, note: 'WHMCS lists it as Cancelled.' });
    expect(s.accounts).toEqual({ [alpha]: 'Alpha Ltd', [beta]: 'Beta GmbH' });
    expect(await countDomains()).toBe(before);
    expect((await auditEntries(t, 'domains.whmcs_import_previewed')).at(-1)).toMatchObject({
      actorUserId: operator.id, targetType: 'whmcs_import', after: { total: 6, created: 5, updated: 0, skipped: 1, errors: 0 },
    });
  });

  it('apply creates the domains with the file\'s fields as a work run, audited once with its counts; applying again creates nothing twice', async () => {
    const csv = [HEADER,
      'apply-one.com,billing@alpha.test,sandbox,Active,2020-01-15,2027-01-15,0,1,"VIP, call first"',
      'apply-two.com,nobody@nowhere.test,dynadot,Expired,,,1,,',
      'apply-gone.com,,,Transferred Away,,,,,',
    ].join('\n');
    const before = await countDomains();
    const first = await run(csv, { mode: 'apply', verifyAfter: false });
    expect(first.message).toBe('Import applied: 2 created, 0 updated, 1 skipped, 0 errors.');
    expect(first.runId).toEqual(expect.any(String));
    expect(await countDomains()).toBe(before + 2);
    expect(await domainRow('apply-one.com')).toMatchObject({
      account_id: alpha, status: 'active', supplier_id: 'sandbox', management_mode: 'api', auto_renew: true, privacy: true, notes: 'VIP, call first',
    });
    expect(new Date((await domainRow('apply-one.com'))!.expiration_date!).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(await domainRow('apply-two.com')).toMatchObject({ account_id: null, status: 'expired', supplier_id: 'dynadot', management_mode: 'manual', auto_renew: false });
    expect(await domainRow('apply-gone.com')).toBeUndefined();

    const [stored] = (await workRuns(t.services.db, 'whmcs-import')).filter((r) => r.id === first.runId);
    expect(stored).toMatchObject({ status: 'succeeded', requestedBy: operator.id, done: 2, total: 2, summary: { total: 3, created: 2, updated: 0, skipped: 1, errors: 0 } });
    const progress = await t.call('getWhmcsImportRun', {}, operator);
    expect(progress.result.run).toMatchObject({
      id: first.runId, status: 'succeeded', done: 2, total: 2, error: null, result: { total: 3, created: 2, updated: 0, skipped: 1, errors: 0, firstErrors: [] },
    });
    expect(await auditEntries(t, 'domains.whmcs_imported', first.runId!)).toEqual([expect.objectContaining({
      actorUserId: operator.id, after: { total: 3, created: 2, updated: 0, skipped: 1, errors: 0, options: null, overrides: 0 },
    })]);

    const again = await run(csv, { mode: 'apply' });
    expect(again.message).toBe('Import applied: 0 created, 2 updated, 1 skipped, 0 errors.');
    expect(await countDomains()).toBe(before + 2);
    expect(await domainRow('apply-one.com')).toMatchObject({ account_id: alpha, notes: 'VIP, call first', status: 'active' });
  });

  describe('the decision for a domain we hold, with each combination of the options', () => {
    // differs.com is Alpha's and the file gives it to Beta; same.com is Alpha's and stays; orphan.com's client is unknown.
    const csv = [HEADER,
      'differs.com,owner@beta.test,,Active,,2030-01-01,,,',
      'same.com,billing@alpha.test,,Expired,,2030-01-01,,,',
      'orphan.com,nobody@nowhere.test,,Active,,2030-01-01,,,',
      'fresh.com,owner@beta.test,,Active,,,,,',
    ].join('\n');
    beforeEach(async () => {
      await t.services.db.deleteFrom('domains').where('name', 'in', ['differs.com', 'same.com', 'orphan.com', 'fresh.com']).execute();
      for (const name of ['differs.com', 'same.com', 'orphan.com']) await existing(name, alpha);
    });
    const decisions = (s: WhmcsImportSummary) => Object.fromEntries(s.rows.map((r) => [r.domain, r.decision]));

    it.each([
      ['neither ticked (the default)', undefined, { 'differs.com': 'move_to_new_account', 'same.com': 'update_in_place', 'orphan.com': 'update_in_place' }],
      ['neither ticked (explicit)', { move: false, update: false }, { 'differs.com': 'move_to_new_account', 'same.com': 'update_in_place', 'orphan.com': 'update_in_place' }],
      ['move only', { move: true, update: false }, { 'differs.com': 'move_to_new_account', 'same.com': 'skip', 'orphan.com': 'skip' }],
      ['update only', { move: false, update: true }, { 'differs.com': 'update_in_place', 'same.com': 'update_in_place', 'orphan.com': 'update_in_place' }],
      ['both', { move: true, update: true }, { 'differs.com': 'move_to_new_account', 'same.com': 'update_in_place', 'orphan.com': 'update_in_place' }],
    ])('%s', async (_name, options, expected) => {
      const preview = await run(csv, options ? { options } : {});
      expect(decisions(preview.summary)).toEqual({ ...expected, 'fresh.com': 'create' });
      expect(rowOf(preview.summary, 'differs.com')).toMatchObject({ exists: true, currentAccountId: alpha, proposedAccountId: beta });

      const applied = await run(csv, { mode: 'apply', ...(options ? { options } : {}) });
      expect(decisions(applied.summary)).toEqual(decisions(preview.summary));
      const accountOf = async (name: string) => (await domainRow(name))?.account_id;
      expect(await accountOf('differs.com')).toBe(expected['differs.com'] === 'move_to_new_account' ? beta : alpha);
      expect(await accountOf('orphan.com')).toBe(alpha);
      expect(await accountOf('fresh.com')).toBe(beta);
      // An update takes the file's values; a skip leaves ours.
      expect((await domainRow('same.com'))?.status).toBe(expected['same.com'] === 'skip' ? 'active' : 'expired');
      expect((await domainRow('same.com'))?.notes).toBe('ours');
    });
  });

  it('the operator overrides a decision per domain; an override the inventory does not allow is an error of that row only', async () => {
    await t.services.db.deleteFrom('domains').where('name', 'like', 'ovr-%').execute();
    await existing('ovr-held.com', alpha);
    await existing('ovr-keep.com', alpha);
    await existing('ovr-skip.com', alpha);
    const csv = [HEADER,
      'ovr-held.com,owner@beta.test,,Active,,,,,',
      'ovr-new.com,owner@beta.test,,Active,,,,,',
      'ovr-nobody.com,nobody@nowhere.test,,Active,,,,,',
      'ovr-keep.com,owner@beta.test,,Expired,,,,,',
      'ovr-skip.com,owner@beta.test,,Expired,,,,,',
      'OVR-Unheld.com,owner@beta.test,,Active,,,,,',
    ].join('\n');
    const decisions = {
      'ovr-held.com': 'create', 'ovr-new.com': 'move_to_new_account', 'ovr-nobody.com': 'skip', 'ovr-keep.com': 'update_in_place',
      'ovr-skip.com': 'skip', 'Ovr-Unheld.COM': 'update_in_place',
    };
    const answer = await run(csv, { mode: 'apply', decisions });
    expect(answer.summary.errors).toEqual([
      { domain: 'ovr-held.com', line: 2, error: WHMCS_OVERRIDE_ERRORS.createExisting('ovr-held.com') },
      { domain: 'ovr-new.com', line: 3, error: WHMCS_OVERRIDE_ERRORS.changeMissing('ovr-new.com') },
      { domain: 'ovr-unheld.com', line: 7, error: WHMCS_OVERRIDE_ERRORS.changeMissing('ovr-unheld.com') },
    ]);
    expect([answer.summary.createdDomains, answer.summary.updatedDomains, answer.summary.skippedDomains]).toEqual([0, 1, 2]);
    expect(rowOf(answer.summary, 'ovr-skip.com')).toMatchObject({ decision: 'skip', note: WHMCS_ROW_NOTES.operatorSkipped });
    // Updated where it is, though the default would have moved it to Beta.
    expect(await domainRow('ovr-keep.com')).toMatchObject({ account_id: alpha, status: 'expired' });
    expect(await domainRow('ovr-skip.com')).toMatchObject({ account_id: alpha, status: 'active' });
    expect(await domainRow('ovr-held.com')).toMatchObject({ account_id: alpha });
    expect(await domainRow('ovr-new.com')).toBeUndefined();
    expect(await domainRow('ovr-nobody.com')).toBeUndefined();

    const noAccount = await run([HEADER, 'ovr-held.com,nobody@nowhere.test,,Active,,,,,'].join('\n'), { decisions: { 'ovr-held.com': 'move_to_new_account' } });
    expect(noAccount.summary.errors).toEqual([{ domain: 'ovr-held.com', line: 2, error: WHMCS_OVERRIDE_ERRORS.moveWithoutAccount('ovr-held.com') }]);
  });

  it('refuses decisions naming a domain the file does not hold, or no domain, writing nothing', async () => {
    const csv = [HEADER, 'refused-one.com,billing@alpha.test,,Active,,,,,'].join('\n');
    const before = await countDomains();
    const audits = (await auditEntries(t, 'domains.whmcs_imported')).length;
    for (const [decisions, message] of [
      [{ 'other.com': 'create' }, 'The decisions name other.com, which is not a row of the file.'],
      [{ 'not a domain': 'skip' }, 'The decisions name "not a domain", which is not a domain name.'],
      [{ 'refused-one.com': 'delete' }, "Each decision must be 'create', 'move_to_new_account', 'update_in_place' or 'skip'."],
    ] as const) {
      const res = await t.callRaw('importWhmcsDomains', { csvText: csv, mode: 'apply', decisions }, operator);
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    }
    expect(await countDomains()).toBe(before);
    expect((await auditEntries(t, 'domains.whmcs_imported')).length).toBe(audits);
  });

  it('a domain twice in the file is imported once, the later row reported with its line; one held already is updated', async () => {
    await existing('dup-held.com', beta);
    const csv = [HEADER,
      'dup-one.com,billing@alpha.test,,Active,,,,,',
      'dup-held.com,owner@beta.test,,Expired,,,,,',
      'DUP-ONE.com.,owner@beta.test,,Active,,,,,',
    ].join('\n');
    const answer = await run(csv, { mode: 'apply' });
    expect(answer.summary).toMatchObject({ total: 3, createdDomains: 1, updatedDomains: 1, skippedDomains: 0 });
    expect(answer.summary.errors).toEqual([{ domain: 'dup-one.com', line: 4, error: 'dup-one.com is already on line 2.' }]);
    expect(rowOf(answer.summary, 'dup-held.com')).toMatchObject({ exists: true, decision: 'update_in_place' });
    expect(await domainRow('dup-one.com')).toMatchObject({ account_id: alpha });
    expect(await domainRow('dup-held.com')).toMatchObject({ account_id: beta, status: 'expired' });
  });
});
