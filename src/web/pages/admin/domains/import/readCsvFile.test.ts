import { describe, expect, it } from 'vitest';
import { WHMCS_IMPORT_TEXTS as T } from '../../../../../common/admin/whmcsImport/texts.ts';
import { decodeCsvBytes } from './readCsvFile.ts';

describe('decodeCsvBytes: what the import modal sends', () => {
  it('reads UTF-8 with its BOM, as the server reader expects it', () => {
    expect(decodeCsvBytes(new Uint8Array(Buffer.from('\uFEFFdomain\nbücher.de\n', 'utf8')))).toEqual({ text: 'domain\nbücher.de\n' });
  });
  it('names the encoding problem for UTF-16, Latin-1 and binary files instead of sending them', () => {
    expect(decodeCsvBytes(new Uint8Array(Buffer.from('\uFEFFdomain\na.com\n', 'utf16le')))).toEqual({ error: T.notUtf8 });
    expect(decodeCsvBytes(new Uint8Array(Buffer.from('domain\nbücher.de\n', 'latin1')))).toEqual({ error: T.notUtf8 });
    expect(decodeCsvBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toEqual({ error: T.notUtf8 });
  });
  it('asks for a file when it is empty', () => {
    expect(decodeCsvBytes(new Uint8Array())).toEqual({ error: T.csvRequired });
  });
});
