import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WhmcsImportSummary } from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_CSV_MAX_BYTES } from '../../../../common/admin/whmcsImport/texts.ts';
import { createAccount, createUser } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

const NOT_UTF8 = 'The file is not UTF-8 text (it holds binary data or another encoding). Export it again as UTF-8 CSV.';

/**
 * What reaches importWhmcsDomains over HTTP that an operator's file or an attacker could send:
 * the size limits (its own, and everyone else's 1 MB), encodings, hostile and malformed CSV.
 * Every refusal is a sentence and writes nothing.
 */
describeEachDialect('importWhmcsDomains: sizes, encodings and hostile files', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let account: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    account = await createAccount(t, await createUser(t), 'Import target');
    await t.services.db.updateTable('accounts').set({ billing_email: 'client@example.test' }).where('id', '=', account).execute();
  });
  afterAll(async () => { await t.stop(); });

  const post = (name: string, payload: string) => t.app.inject({
    method: 'POST', url: `/api/fn/${name}`, payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
  });
  const written = async () => Object.fromEntries(await Promise.all(['domains', 'audit_log', 'work_runs'].map(async (table) => {
    const row = await t.services.db.selectFrom(table as 'domains').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return [table, Number(row.n)];
  })));
  const refused = async (data: unknown, message: string) => {
    const before = await written();
    const res = await t.callRaw('importWhmcsDomains', data, operator);
    expect([res.status, res.error?.status, res.error?.message]).toEqual([400, 'INVALID_ARGUMENT', message]);
    expect(await written()).toEqual(before);
  };

  it('takes a 33 MB file on its own route, while every other function keeps the 1 MB limit', async () => {
    // 600 rows of 60 KB notes each: 33+ MB, every row under the reader's 64 KB.
    const rows = Array.from({ length: 600 }, (_, i) => `big-${i}.com,client@example.test,"${'n'.repeat(60_000)}"`);
    const csvText = `domain,email,notes\n${rows.join('\n')}\n`;
    expect(csvText.length).toBeGreaterThan(33 * 1024 * 1024);
    const res = await post('importWhmcsDomains', JSON.stringify({ data: { csvText, mode: 'preview' } }));
    expect(res.statusCode).toBe(200);
    const summary = res.json().result.summary as WhmcsImportSummary;
    expect([summary.total, summary.createdDomains, summary.errors.length]).toEqual([600, 600, 0]);
    expect(summary.rows[599]).toMatchObject({ domain: 'big-599.com', proposedAccountId: account, line: 601 });

    const before = await written();
    const other = await post('getWhmcsImportRun', JSON.stringify({ data: {}, padding: 'x'.repeat(2 * 1024 * 1024) }));
    // The protocol answers an oversized body as INVALID_ARGUMENT (test/integration/functionProtocol.test.ts pins it).
    expect([other.statusCode, other.json().error]).toEqual([400, { status: 'INVALID_ARGUMENT', message: 'The request body is too large.' }]);
    const beyond = await post('importWhmcsDomains', JSON.stringify({ data: { csvText: 'x'.repeat(57 * 1024 * 1024), mode: 'preview' } }));
    expect([beyond.statusCode, beyond.json().error.message]).toEqual([400, 'The request body is too large.']);
    expect(await written()).toEqual(before);
  });

  it('refuses a file over 40 MB that fits the body, a wrong mode, verifyAfter true and a missing file, with a sentence each', async () => {
    await refused({ csvText: `domain\n${'a'.repeat(WHMCS_CSV_MAX_BYTES)}`, mode: 'preview' }, 'The file is larger than 40 MB.');
    await refused({ csvText: 'domain\na.com\n', mode: 'dry-run' }, "mode must be 'preview' or 'apply'.");
    await refused({ csvText: 'domain\na.com\n', mode: 'apply', verifyAfter: true }, 'verifyAfter can only be false: verify imported domains afterwards with Bulk Verify.');
    await refused({ mode: 'apply' }, 'Choose a WHMCS domain CSV file.');
    await refused({ csvText: '', mode: 'apply' }, 'Choose a WHMCS domain CSV file.');
    await refused({ csvText: 'domain\na.com\n', mode: 'apply', options: { move: 'yes', update: false } }, 'options.move must be true or false.');
  });

  it('refuses another encoding as the browser would send it, and binary data, with a sentence', async () => {
    // A file's bytes decoded as UTF-8 (what File.text() does): Latin-1's ü and binary become U+FFFD.
    const asBrowserReads = (bytes: Buffer) => new TextDecoder('utf-8').decode(bytes);
    await refused({ csvText: asBrowserReads(Buffer.from('domain\nb\u00fccher.de\n', 'latin1')), mode: 'apply' }, NOT_UTF8);
    await refused({ csvText: asBrowserReads(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x0a])), mode: 'apply' }, NOT_UTF8);
    // UTF-16 reads as text full of NULs, which the body reader refuses for every function.
    await refused({ csvText: asBrowserReads(Buffer.from('\uFEFFdomain\na.com\n', 'utf16le')), mode: 'apply' }, 'Text must not contain NUL characters.');
  });

  it('refuses hostile files whole: a 10 MB cell, 50,000 columns, no domain column, nothing but a header', async () => {
    await refused({ csvText: `domain,notes\na.com,"${'x'.repeat(10 * 1024 * 1024)}"\n`, mode: 'apply' },
      'A row is longer than 64 KB; this is not a WHMCS domain export.');
    await refused({ csvText: `domain${',c'.repeat(50_000)}\na.com\n`, mode: 'apply' }, 'The first line has 50001 columns; at most 200 are read.');
    await refused({ csvText: 'name,status\na.com,Active\n', mode: 'apply' }, 'The file has no "domain" (or "domainname") column in its first line.');
    const res = await t.callRaw<{ summary: WhmcsImportSummary }>('importWhmcsDomains', { csvText: 'domain,status\n', mode: 'apply' }, operator);
    expect([res.status, res.result.summary.total]).toEqual([200, 0]);
  });

  it('keeps formula cells as text, reads quoting, embedded commas and newlines, a BOM and CRLF, and reports each malformed row with its line', async () => {
    const csvText = '\uFEFFdomain,email,registrar,status,expirydate,additionalnotes\r\n'
      + 'formula.com,client@example.test,+enom,Active,2027-01-01,"=HYPERLINK(""http://evil.example"",""click"")"\r\n'
      + '"quoted.com","client@example.test",,Active,,"one, two\r\nthree"\r\n'
      + 'bad date.com,,,Active,,\r\n'
      + 'baddate.com,,,Active,2027-02-30,\r\n'
      + 'odd.com,,,Parked,,\r\n'
      + 'short.com,client@example.test\r\n'
      + 'broken.com,,,Active,,"say "hi" there"\r\n'
      + '=cmd|calc.com,,,Active,,\r\n'
      + 'last.com,,,Active,,"@SUM(1)"\r\n';
    const before = await written();
    const res = await t.callRaw<{ summary: WhmcsImportSummary }>('importWhmcsDomains', { csvText, mode: 'apply' }, operator);
    expect(res.status).toBe(200);
    const { summary } = res.result;
    expect(summary.errors).toEqual([
      { line: 5, domain: 'bad date.com', error: '"bad date.com" is not a domain name.' },
      { line: 6, domain: 'baddate.com', error: 'expiryDate "2027-02-30" is not a date (YYYY-MM-DD).' },
      { line: 7, domain: 'odd.com', error: 'Unknown WHMCS status "Parked".' },
      { line: 8, domain: 'short.com', error: 'The row has 2 columns; the header has 6.' },
      { line: 9, domain: null, error: 'A quote closes a cell but more text follows it in the same cell.' },
      { line: 10, domain: '=cmd|calc.com', error: '"=cmd|calc.com" is not a domain name.' },
    ]);
    expect([summary.total, summary.createdDomains]).toEqual([9, 3]);
    expect(summary.rows.map((r) => [r.line, r.domain])).toEqual([[2, 'formula.com'], [3, 'quoted.com'], [11, 'last.com']]);
    const stored = await t.services.db.selectFrom('domains').select(['name', 'notes', 'account_id', 'supplier_id'])
      .where('name', 'in', ['formula.com', 'quoted.com', 'last.com']).orderBy('name').execute();
    expect(stored).toEqual([
      { name: 'formula.com', notes: '=HYPERLINK("http://evil.example","click")', account_id: account, supplier_id: null },
      { name: 'last.com', notes: '@SUM(1)', account_id: null, supplier_id: null },
      { name: 'quoted.com', notes: 'one, two\nthree', account_id: account, supplier_id: null },
    ]);
    expect((await written()).domains).toBe(before.domains + 3);
  });
});
