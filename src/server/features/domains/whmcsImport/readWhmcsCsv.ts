import { type CsvError, type Options, parse as parseStream } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import type { DomainStatus } from '../../../../common/domains/domains.ts';
import { type ColumnMap, mapColumns, type WhmcsField } from './whmcsColumns.ts';
import { mapWhmcsStatus } from './whmcsStatus.ts';
import { normalizeDomain } from './normalizeDomain.ts';

/** importWhmcsDomains takes at least 32 MB of text; 100,000 WHMCS rows are about 15 MB. */
export const MAX_CSV_CHARS = 64 * 1024 * 1024;
export const MAX_ROWS = 250_000;
/** tbldomains has 27 columns; a few hundred leaves room for exports with extras. */
export const MAX_COLUMNS = 200;
/** One row of WHMCS's export is a few hundred bytes; a longer one is not a domain row. */
export const MAX_ROW_CHARS = 64 * 1024;

/** The whole file is refused (nothing is read from it): the message says why, for the operator. */
export class WhmcsCsvRefused extends Error {}

export interface WhmcsDomainRow {
  /** Line of the file where the row starts (1 is the header). */
  line: number;
  domain: string;
  status: DomainStatus;
  registrar: string | null;
  registrationDate: string | null;
  expiryDate: string | null;
  nextDueDate: string | null;
  doNotRenew: boolean | null;
  idProtection: boolean | null;
  clientId: string | null;
  clientEmail: string | null;
  /** Kept as written, formula-looking text included: it is never evaluated, and never exported as a formula. */
  notes: string | null;
}

export interface WhmcsRowIssue {
  line: number;
  /** The domain cell as written, when the row was read far enough to have one. */
  domain: string | null;
  error: string;
}

export interface WhmcsCsvRead {
  rows: WhmcsDomainRow[];
  /** Rows that could not be read: every one, with its line. */
  malformed: WhmcsRowIssue[];
  /** Later rows naming a domain an earlier row named (after normalisation); the first row wins. */
  duplicates: WhmcsRowIssue[];
  /** Rows read but not imported (WHMCS no longer manages the domain). */
  skipped: WhmcsRowIssue[];
  ignoredColumns: string[];
}

/** The CSV of WHMCS's domain export, as text or bytes (which must be UTF-8). */
export function readWhmcsCsv(input: string | Uint8Array): WhmcsCsvRead {
  const reading = startReading(input);
  try {
    parseSync(reading.text, reading.options);
  } catch (error) {
    reading.fail(error);
  }
  return reading.finish();
}

/** Characters fed to the parser between two turns of the event loop (about 20 ms of parsing). */
const CHUNK_CHARS = 256 * 1024;

/**
 * readWhmcsCsv in slices: the parser gets CHUNK_CHARS at a time and the event loop a turn between
 * them, so a 100,000-row file does not hold every other request of the process for seconds.
 */
export async function readWhmcsCsvInTurns(input: string | Uint8Array): Promise<WhmcsCsvRead> {
  const reading = startReading(input);
  const { text } = reading;
  const parser = parseStream(reading.options);
  let failure: unknown = null;
  parser.on('error', (error) => { failure ??= error; });
  // Every record is consumed by on_record (it returns null): nothing is ever pushed.
  parser.resume();
  for (let at = 0; at < text.length && failure === null;) {
    let end = Math.min(at + CHUNK_CHARS, text.length);
    // Never split a surrogate pair: the stream would encode each half as a replacement character.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
    parser.write(text.slice(at, end));
    at = end;
    await new Promise<void>((resolve) => { setImmediate(resolve); });
  }
  if (failure === null) {
    await new Promise<void>((resolve) => {
      parser.once('end', resolve);
      parser.once('error', () => resolve());
      parser.end();
    });
  }
  if (failure !== null) reading.fail(failure);
  return reading.finish();
}

/** The checks before parsing, the parser's options, and the result they fill in. */
function startReading(input: string | Uint8Array) {
  const raw = typeof input === 'string' ? input : decodeUtf8(input);
  if (raw.length > MAX_CSV_CHARS) throw new WhmcsCsvRefused(`The file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MB.`);
  // A NUL or a replacement character means binary data or text that was not UTF-8 (UTF-16, Latin-1 read as UTF-8).
  if (raw.includes('\u0000') || raw.includes('\uFFFD')) {
    throw new WhmcsCsvRefused('The file is not UTF-8 text (it holds binary data or another encoding). Export it again as UTF-8 CSV.');
  }
  // Line numbers are counted on LF; CRLF inside a quoted cell becomes LF, which notes do not mind.
  const text = raw.replace(/\r\n?/g, '\n');
  const result: WhmcsCsvRead = { rows: [], malformed: [], duplicates: [], skipped: [], ignoredColumns: [] };
  const firstLine = new Map<string, number>();
  let columns: ColumnMap | null = null;
  let width = 0;
  let endLine = 0;
  let rowCount = 0;

  // csv-parse counts lines to a record's end; a row starts earlier by the newlines quoted in its cells.
  const onRecord = (record: string[], lines: number) => {
    endLine = lines;
    const start = lines - record.reduce((n, c) => n + count(c, '\n'), 0);
    if (columns === null) {
      if (record.length > MAX_COLUMNS) throw new WhmcsCsvRefused(`The first line has ${record.length} columns; at most ${MAX_COLUMNS} are read.`);
      const mapped = mapColumns(record);
      if ('error' in mapped) throw new WhmcsCsvRefused(mapped.error);
      columns = mapped;
      width = record.length;
      result.ignoredColumns = mapped.ignored;
      return;
    }
    if (++rowCount > MAX_ROWS) throw new WhmcsCsvRefused(`The file has more than ${MAX_ROWS.toLocaleString('en')} rows; split it.`);
    readRow(record, start, columns, width, firstLine, result);
  };

  const options: Options = {
    bom: true,
    raw: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_ROW_CHARS,
    // With raw, csv-parse hands { record, raw } where its types say string[].
    on_record: (wrapped, context) => { onRecord((wrapped as unknown as { record: string[] }).record, context.lines); return null; },
    on_skip: (err: CsvError | undefined, rawRow: string | undefined) => {
      if (err?.code === 'CSV_MAX_RECORD_SIZE') throw new WhmcsCsvRefused(`A row is longer than ${MAX_ROW_CHARS / 1024} KB; this is not a WHMCS domain export.`);
      if (columns === null) throw new WhmcsCsvRefused(`The first line could not be read as CSV: ${err?.message ?? 'unknown error'}`);
      // A broken row starts after the last good one (and the blank lines csv-parse kept in its raw text).
      const start = endLine + 1 + ((rawRow ?? '').length - (rawRow ?? '').replace(/^\n+/, '').length);
      const last = result.malformed.at(-1);
      // After a stray quote csv-parse may fail twice on one row: one report per row, the last reason.
      if (last !== undefined && last.line === start && last.domain === null) last.error = csvErrorText(err);
      else result.malformed.push({ line: start, domain: null, error: csvErrorText(err) });
    },
  };

  return {
    text,
    options,
    fail(error: unknown): never {
      if (error instanceof WhmcsCsvRefused) throw error;
      throw new WhmcsCsvRefused(`The file could not be read as CSV: ${(error as Error).message}`);
    },
    finish(): WhmcsCsvRead {
      if (columns === null) throw new WhmcsCsvRefused('The file is empty.');
      return result;
    },
  };
}

function readRow(record: string[], line: number, columns: ColumnMap, width: number, firstLine: Map<string, number>, out: WhmcsCsvRead) {
  const cell = (field: WhmcsField) => {
    const i = columns.index[field];
    return i === undefined ? '' : (record[i] ?? '');
  };
  const rawDomain = cell('domain');
  const bad = (error: string) => { out.malformed.push({ line, domain: rawDomain.trim() || null, error }); };
  if (record.length !== width) return bad(`The row has ${record.length} columns; the header has ${width}.`);
  const domain = normalizeDomain(rawDomain);
  if (domain === null) return bad(rawDomain.trim() === '' ? 'The domain is empty.' : `"${rawDomain.trim()}" is not a domain name.`);
  const status = mapWhmcsStatus(cell('status'));
  if ('error' in status) return bad(status.error);
  const dates = { registrationDate: cell('registrationDate'), expiryDate: cell('expiryDate'), nextDueDate: cell('nextDueDate') };
  const parsedDates: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(dates)) {
    const date = readDate(value);
    if (date === undefined) return bad(`${field} "${value}" is not a date (YYYY-MM-DD).`);
    parsedDates[field] = date;
  }
  const doNotRenew = readFlag(cell('doNotRenew'));
  const idProtection = readFlag(cell('idProtection'));
  if (doNotRenew === undefined) return bad(`donotrenew "${cell('doNotRenew')}" is not 0 or 1.`);
  if (idProtection === undefined) return bad(`idprotection "${cell('idProtection')}" is not 0 or 1.`);

  const seen = firstLine.get(domain);
  if (seen !== undefined) return void out.duplicates.push({ line, domain, error: `${domain} is already on line ${seen}.` });
  firstLine.set(domain, line);
  if ('skip' in status) return void out.skipped.push({ line, domain, error: status.skip });
  out.rows.push({
    line, domain, status: status.status,
    registrar: text(cell('registrar')), registrationDate: parsedDates.registrationDate!, expiryDate: parsedDates.expiryDate!,
    nextDueDate: parsedDates.nextDueDate!, doNotRenew, idProtection,
    clientId: text(cell('clientId')), clientEmail: text(cell('clientEmail'))?.toLowerCase() ?? null, notes: text(cell('notes')),
  });
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** YYYY-MM-DD; empty and WHMCS's zero date are no date; undefined when unreadable. */
function readDate(value: string): string | null | undefined {
  const v = value.trim();
  if (v === '' || v === '0000-00-00') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().startsWith(v) ? v : undefined;
}

function readFlag(value: string): boolean | null | undefined {
  const v = value.trim();
  if (v === '') return null;
  if (v === '1') return true;
  if (v === '0') return false;
  return undefined;
}

function count(s: string, ch: string) {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new WhmcsCsvRefused('The file is not UTF-8 text (it holds binary data or another encoding). Export it again as UTF-8 CSV.');
  }
}

function csvErrorText(err: CsvError | undefined): string {
  switch (err?.code) {
    case 'CSV_QUOTE_NOT_CLOSED': return 'A quoted cell is never closed; the rest of the file from here could not be read.';
    case 'CSV_INVALID_CLOSING_QUOTE': return 'A quote closes a cell but more text follows it in the same cell.';
    default: return err?.message ?? 'The row could not be read as CSV.';
  }
}
