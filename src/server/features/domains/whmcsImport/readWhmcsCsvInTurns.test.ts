import { describe, expect, it } from 'vitest';
import { whmcsCsv } from '../../../../../bench/whmcsCsvData.ts';
import { readWhmcsCsv, readWhmcsCsvInTurns } from './readWhmcsCsv.ts';

/** The same outcome as the one-pass reader: its result, or its refusal with the same sentence. */
async function expectSameAsOnePass(input: string | Uint8Array) {
  let expected: unknown;
  try {
    expected = { read: readWhmcsCsv(input) };
  } catch (error) {
    expected = { refused: (error as Error).message };
  }
  let actual: unknown;
  try {
    actual = { read: await readWhmcsCsvInTurns(input) };
  } catch (error) {
    actual = { refused: (error as Error).message };
  }
  expect(actual).toEqual(expected);
}

describe('readWhmcsCsvInTurns: the reader in slices, giving the event loop a turn between them', () => {
  it('reads a large export exactly as the one-pass reader does, across slice boundaries inside quoted cells and IDNs', async () => {
    await expectSameAsOnePass(whmcsCsv(5_000));
  });

  it('never splits a character outside the Basic Multilingual Plane at a slice boundary', async () => {
    // The emoji's two UTF-16 halves straddle the 256 KiB slice boundary; rows stay under the 64 KB limit.
    const rows = ['domain,additionalnotes\n', ...[1, 2, 3, 4].map((i) => `r${i}.com,"${'y'.repeat(50_000)}"\n`)].join('');
    const before = 256 * 1024 - 1 - rows.length - 'a.com,"'.length;
    const csv = `${rows}a.com,"${'x'.repeat(before)}😀"\nb.com,ok\n`;
    expect(csv.charCodeAt(256 * 1024 - 1)).toBe(0xd83d);
    const read = await readWhmcsCsvInTurns(csv);
    expect(read.rows.map((r) => r.domain)).toEqual(['r1.com', 'r2.com', 'r3.com', 'r4.com', 'a.com', 'b.com']);
    expect(read.rows[4]!.notes!.endsWith('x😀')).toBe(true);
    await expectSameAsOnePass(csv);
  });

  it.each([
    ['malformed rows and a broken quote', 'domain,status\na.com,Active\nnot a domain,Active\nb.com,"say "hi" there"\nc.com,Parked\nd.com,Active\n'],
    ['a quote never closed', 'domain,additionalnotes\na.com,"two\nlines"\n\nb.com,"never closed\nc.com,fine\n'],
    ['duplicates, skips, BOM and CRLF', '\uFEFFdomain,status\r\nbücher.de,Active\r\nXN--BCHER-KVA.DE.,Expired\r\ngone.com,Cancelled\r\n'],
    ['a 10 MB cell', `domain,additionalnotes\na.com,"${'x'.repeat(10 * 1024 * 1024)}"\n`],
    ['50,000 columns', `domain${',c'.repeat(50_000)}\na.com\n`],
    ['no domain column', 'name\na.com\n'],
    ['an empty file', ''],
    ['Latin-1 bytes', new Uint8Array(Buffer.from('domain\nbücher.de\n', 'latin1'))],
  ])('%s: the same result or refusal', async (_name, input) => {
    await expectSameAsOnePass(input);
  });
});
