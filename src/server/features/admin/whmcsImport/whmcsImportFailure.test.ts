import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WhmcsImportSummary } from '../../../../common/admin/whmcsImport/contract.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { workRuns } from '../../../../../test/support/workRuns.ts';

const names = Array.from({ length: 1500 }, (_, i) => `part-${String(i + 1).padStart(4, '0')}.com`);
const csvText = `domain,status\n${names.map((n) => `${n},Active`).join('\n')}\n`;
/** Sorts into the second batch of 1,000 (rows without an account are applied in name order). */
const FAILING = 'part-1200.com';

/**
 * An apply that fails part-way (issue 19): the batches already committed stay, the run is failed,
 * the audit log says how far it got, and applying the file again completes it without doubles.
 * Two applies at once both finish, one after the other, the second updating what the first made.
 */
describeEachDialect('importWhmcsDomains: an apply that fails part-way, and two at once', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  const count = async (prefix: string) => Number((await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll().as('n'))
    .where('name', 'like', `${prefix}%`).executeTakeFirstOrThrow()).n);
  const apply = (text: string) => t.callRaw<{ summary: WhmcsImportSummary }>('importWhmcsDomains', { csvText: text, mode: 'apply' }, operator);

  it('keeps the committed batches, fails the run, audits how far it got; the next apply completes it', async () => {
    // The database refuses one row, as a constraint or a lost connection would mid-way.
    if (dialect === 'postgres') {
      await sql`create function refuse_part() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(t.services.db);
      await sql.raw(`create trigger refuse_part before insert on domains for each row when (new.name = '${FAILING}') execute function refuse_part()`).execute(t.services.db);
    } else {
      await sql.raw(`create trigger refuse_part before insert on domains when new.name = '${FAILING}' begin select raise(abort, 'refused'); end`).execute(t.services.db);
    }
    const failed = await apply(csvText);
    expect([failed.status, failed.error?.status]).toEqual([500, 'INTERNAL']);
    expect(failed.error?.message).not.toMatch(/refused|sqlite|postgres/i);
    expect(await count('part-')).toBe(1000);
    const [run] = await workRuns(t.services.db, 'whmcs-import');
    expect(run).toMatchObject({ status: 'failed', requestedBy: operator.id, total: 1500 });
    expect(await auditEntries(t, 'domains.whmcs_import_failed', run!.id)).toEqual([expect.objectContaining({
      actorUserId: operator.id, after: { rowsWritten: 1000, total: 1500 },
    })]);
    expect(await auditEntries(t, 'domains.whmcs_imported')).toEqual([]);

    await sql`drop trigger refuse_part${sql.raw(dialect === 'postgres' ? ' on domains' : '')}`.execute(t.services.db);
    const again = await apply(csvText);
    expect(again.status).toBe(200);
    expect([again.result.summary.createdDomains, again.result.summary.updatedDomains]).toEqual([500, 1000]);
    expect(await count('part-')).toBe(1500);
  });

  it('runs two applies of one file one after the other: each domain created once, the other apply updates it', async () => {
    const both = Array.from({ length: 1200 }, (_, i) => `twice-${i}.net,Active`);
    const text = `domain,status\n${both.join('\n')}\n`;
    const [a, b] = await Promise.all([apply(text), apply(text)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const created = [a.result.summary.createdDomains, b.result.summary.createdDomains].sort();
    const updated = [a.result.summary.updatedDomains, b.result.summary.updatedDomains].sort();
    expect([created, updated]).toEqual([[0, 1200], [0, 1200]]);
    expect(await count('twice-')).toBe(1200);
  });
});
