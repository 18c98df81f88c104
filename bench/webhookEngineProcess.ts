/**
 * One more delivery engine process for `bench:webhooks --workers N` on PostgreSQL, as a scaled
 * deployment runs several `npm run worker` processes on one database.
 *   node --import tsx bench/webhookEngineProcess.ts <database-url> <schema> <concurrency>
 */
import pino from 'pino';
import { openDatabase } from '../src/server/db/connection.ts';
import { parseAllowList } from '../src/server/features/events/outbound/addressPolicy.ts';
import { createDeliveryEngine } from '../src/server/features/events/engine/engine.ts';

const [url, schema, concurrency] = process.argv.slice(2);
const handle = openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 10 });
const engine = createDeliveryEngine({
  db: handle.db, dialect: 'postgres', allow: parseAllowList('127.0.0.1'), log: pino({ level: 'warn' }), concurrency: Number(concurrency),
  pollMs: 50,
});
engine.start();
console.log('ready');
process.once('SIGTERM', async () => {
  await engine.stop();
  await handle.close();
  process.exit(0);
});
