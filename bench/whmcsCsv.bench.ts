/**
 * Reads a generated WHMCS domain export (bench/whmcsCsvData.ts) with the import's CSV reader.
 *
 *   npm run bench:whmcs-csv -- [--rows 100000] [--runs 3]
 *
 * Prints the file size, then per run the wall time, rows/s and heap growth, and the rows read,
 * skipped, malformed and duplicate (the generator plants no malformed or duplicate rows).
 */
import { loadavg } from 'node:os';
import { readWhmcsCsv } from '../src/server/features/domains/whmcsImport/readWhmcsCsv.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { whmcsCsv } from './whmcsCsvData.ts';

const flags = readFlags(process.argv.slice(2), { rows: '100000', runs: '3' });
const rows = Math.floor(positiveNumber(flags, 'rows'));
const runs = Math.floor(positiveNumber(flags, 'runs'));

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const csv = whmcsCsv(rows);
console.log(`${rows.toLocaleString('en')} rows, ${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`);
for (let run = 1; run <= runs; run++) {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const read = readWhmcsCsv(csv);
  const ms = performance.now() - started;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  console.log(`run ${run}: ${ms.toFixed(0)} ms, ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s, heap +${heapMb.toFixed(0)} MB; ` +
    `read ${read.rows.length}, skipped ${read.skipped.length}, malformed ${read.malformed.length}, duplicates ${read.duplicates.length}`);
  if (read.malformed.length + read.duplicates.length > 0) throw new Error(`unexpected: ${JSON.stringify(read.malformed.slice(0, 3))}`);
}
