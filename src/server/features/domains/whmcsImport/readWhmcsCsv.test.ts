import { describe, expect, it } from 'vitest';
import { MAX_CSV_CHARS, readWhmcsCsv, WhmcsCsvRefused } from './readWhmcsCsv.ts';

const HEADER = 'id,userid,domain,registrar,registrationdate,expirydate,nextduedate,status,donotrenew,idprotection,additionalnotes';

describe('readWhmcsCsv', () => {
  it('reads a WHMCS export row into our fields, ignoring the columns it does not use', () => {
    const read = readWhmcsCsv(`${HEADER}\n7,42,Example.COM,enom,2020-01-15,2027-01-15,2026-12-15,Active,0,1,VIP customer\n`);
    expect(read.rows).toEqual([{
      line: 2, domain: 'example.com', status: 'active', registrar: 'enom', registrationDate: '2020-01-15', expiryDate: '2027-01-15',
      nextDueDate: '2026-12-15', doNotRenew: false, idProtection: true, clientId: '42', clientEmail: null, notes: 'VIP customer',
    }]);
    expect(read.ignoredColumns).toEqual(['id']);
    expect(read.malformed).toEqual([]);
  });

  it('accepts the GetClientsDomains names, in any case, and the zero date as no date', () => {
    const read = readWhmcsCsv('DomainName,RegDate,ExpiryDate,Status\nfoo.net,0000-00-00,,Pending Transfer\n');
    expect(read.rows[0]).toMatchObject({ domain: 'foo.net', registrationDate: null, expiryDate: null, status: 'pending' });
  });

  it('maps every WHMCS status to ours, and skips the domains WHMCS no longer manages', () => {
    const statuses = ['Active', 'Pending', 'Pending Registration', 'Pending Transfer', 'Grace', 'Redemption', 'Expired', 'Fraud', '', 'Transferred Away', 'Cancelled'];
    const csv = ['domain,status', ...statuses.map((s, i) => `d${i}.com,${s}`)].join('\n');
    const read = readWhmcsCsv(csv);
    expect(read.rows.map((r) => r.status)).toEqual(['active', 'pending', 'pending', 'pending', 'expired', 'expired', 'expired', 'suspended', 'active']);
    expect(read.skipped).toEqual([
      { line: 11, domain: 'd9.com', error: 'WHMCS lists it as Transferred Away.' },
      { line: 12, domain: 'd10.com', error: 'WHMCS lists it as Cancelled.' },
    ]);
  });

  it('normalises domains: lower case, punycode for IDNs, no trailing dot', () => {
    const read = readWhmcsCsv('domain\n  Bücher.DE. \nEXAMPLE.org.\nxn--mnchen-3ya.de\n');
    expect(read.rows.map((r) => r.domain)).toEqual(['xn--bcher-kva.de', 'example.org', 'xn--mnchen-3ya.de']);
  });

  it('reports each malformed row with its line number and keeps reading', () => {
    const csv = [
      'domain,status,expirydate,donotrenew',
      'good.com,Active,2027-01-01,0',
      'not a domain,Active,,',
      'bad-date.com,Active,2027-02-30,',
      'bad-status.com,Parked,,',
      'bad-flag.com,Active,,yes',
      'short.com,Active',
      ',Active,,',
      'last.com,Expired,,1',
    ].join('\n');
    const read = readWhmcsCsv(csv);
    expect(read.rows.map((r) => [r.line, r.domain])).toEqual([[2, 'good.com'], [9, 'last.com']]);
    expect(read.malformed).toEqual([
      { line: 3, domain: 'not a domain', error: '"not a domain" is not a domain name.' },
      { line: 4, domain: 'bad-date.com', error: 'expiryDate "2027-02-30" is not a date (YYYY-MM-DD).' },
      { line: 5, domain: 'bad-status.com', error: 'Unknown WHMCS status "Parked".' },
      { line: 6, domain: 'bad-flag.com', error: 'donotrenew "yes" is not 0 or 1.' },
      { line: 7, domain: 'short.com', error: 'The row has 2 columns; the header has 4.' },
      { line: 8, domain: null, error: 'The domain is empty.' },
    ]);
  });

  it('reports a broken quote with its line, once, and keeps reading after it', () => {
    const read = readWhmcsCsv('domain,additionalnotes\na.com,ok\nb.com,"say "hi" there"\nc.com,fine\n');
    expect(read.rows.map((r) => [r.line, r.domain])).toEqual([[2, 'a.com'], [4, 'c.com']]);
    expect(read.malformed).toEqual([{ line: 3, domain: null, error: 'A quote closes a cell but more text follows it in the same cell.' }]);
  });

  it('reports a quote never closed at the line it opens, saying the rest of the file was not read', () => {
    const read = readWhmcsCsv('domain,additionalnotes\na.com,"two\nlines"\n\nb.com,"never closed\nc.com,fine\n');
    expect(read.rows.map((r) => [r.line, r.domain])).toEqual([[2, 'a.com']]);
    expect(read.malformed).toEqual([{ line: 5, domain: null, error: 'A quoted cell is never closed; the rest of the file from here could not be read.' }]);
  });

  it('reads quoting, embedded commas and newlines, a BOM and CRLF, with line numbers of the file', () => {
    const csv = '\uFEFFdomain,additionalnotes,status\r\n"a.com","one, two",Active\r\nb.com,"line 1\r\nline 2\r\n""quoted""",Active\r\n\r\nc.com,,Active\r\n';
    const read = readWhmcsCsv(csv);
    expect(read.rows.map((r) => [r.line, r.domain, r.notes])).toEqual([
      [2, 'a.com', 'one, two'],
      [3, 'b.com', 'line 1\nline 2\n"quoted"'],
      [7, 'c.com', null],
    ]);
  });

  it('keeps formula-looking cells as text', () => {
    const csv = 'domain,registrar,userid,email,additionalnotes\n' +
      'f.com,+enom,-12,@evil.example,"=HYPERLINK(""http://x"",""y"")"\n' +
      'g.com,enom,1,a@b.c,=1+1\n';
    const read = readWhmcsCsv(csv);
    expect(read.rows[0]).toMatchObject({ registrar: '+enom', clientId: '-12', clientEmail: '@evil.example', notes: '=HYPERLINK("http://x","y")' });
    expect(read.rows[1]!.notes).toBe('=1+1');
    expect(readWhmcsCsv('domain\n=cmd|calc.com\n').malformed[0]).toMatchObject({ line: 2, domain: '=cmd|calc.com' });
  });

  it('reports duplicate domains after normalisation, keeping the first', () => {
    const read = readWhmcsCsv('domain,status\nbücher.de,Active\nother.com,Active\nXN--BCHER-KVA.DE.,Expired\nother.com,Active\n');
    expect(read.rows.map((r) => [r.line, r.domain, r.status])).toEqual([[2, 'xn--bcher-kva.de', 'active'], [3, 'other.com', 'active']]);
    expect(read.duplicates).toEqual([
      { line: 4, domain: 'xn--bcher-kva.de', error: 'xn--bcher-kva.de is already on line 2.' },
      { line: 5, domain: 'other.com', error: 'other.com is already on line 3.' },
    ]);
  });

  describe('refuses hostile input with a clear error, quickly', () => {
    const refused = (input: string | Uint8Array, message: RegExp) => {
      const started = performance.now();
      expect(() => readWhmcsCsv(input)).toThrow(WhmcsCsvRefused);
      expect(() => readWhmcsCsv(input)).toThrow(message);
      expect(performance.now() - started).toBeLessThan(2_000);
    };

    it('a 10 MB row', () => refused(`domain,additionalnotes\na.com,"${'x'.repeat(10 * 1024 * 1024)}"\n`, /longer than 64 KB/));
    it('a 10 MB line without a newline', () => refused(`domain${'y'.repeat(10 * 1024 * 1024)}`, /longer than 64 KB|no "domain"/));
    it('50,000 columns', () => refused(`domain,${Array.from({ length: 50_000 }, (_, i) => `c${i}`).join(',')}\na.com\n`, /longer than 64 KB|50001 columns/));
    it('50,000 short columns', () => refused(`domain${',c'.repeat(20_000)}\n`, /20001 columns; at most 200/));
    it('a file larger than the limit', () => refused('domain\n' + 'a'.repeat(MAX_CSV_CHARS), /larger than 64 MB/));
    it('binary data', () => refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x01]), /not UTF-8 text/));
    it('UTF-16 text', () => refused(new Uint8Array(Buffer.from('\uFEFFdomain\na.com\n', 'utf16le')), /not UTF-8 text/));
    it('Latin-1 bytes', () => refused(new Uint8Array(Buffer.from('domain\nb\u00fccher.de\n', 'latin1')), /not UTF-8 text/));
    it('text that was decoded from another encoding', () => refused('domain\nb\uFFFDcher.de\n', /not UTF-8 text/));
    it('a NUL in text', () => refused('domain\na.com\u0000\n', /not UTF-8 text/));
    it('a file without a domain column', () => refused('name,status\na.com,Active\n', /no "domain"/));
    it('an empty file', () => refused('', /empty/));
  });

  it('reports a data row of 30,000 columns as malformed, with its line, and reads the rest', () => {
    const read = readWhmcsCsv(`domain,status\na.com,Active\nwide.com${',x'.repeat(30_000)}\nb.com,Active\n`);
    expect(read.rows.map((r) => [r.line, r.domain])).toEqual([[2, 'a.com'], [4, 'b.com']]);
    expect(read.malformed).toEqual([{ line: 3, domain: 'wide.com', error: 'The row has 30001 columns; the header has 2.' }]);
  });

  it('reads UTF-8 bytes with a BOM', () => {
    const read = readWhmcsCsv(new Uint8Array(Buffer.from('\uFEFFdomain\nbücher.de\n', 'utf8')));
    expect(read.rows[0]!.domain).toBe('xn--bcher-kva.de');
  });
});
