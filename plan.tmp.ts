import { openDatabase } from './src/server/db/connection.ts';
import { pageOfInventory } from './src/server/features/domains/inventory/inventoryList.ts';
const database = openDatabase({ sqliteFile: process.argv[2] ?? 'bench/.data/domain-inventory.sqlite', dataDir: 'bench/.data', databaseUrl: process.argv[3] });
const none = { prefix: '', registrar: null, mode: null, status: null, account: null };
const cases: [string, any, any][] = [
  ['ka expiry', { ...none, prefix: 'ka' }, 'expiryAt'],
  ['kalo12 expiry', { ...none, prefix: 'kalo12' }, 'expiryAt'],
  ['kalo12 domain', { ...none, prefix: 'kalo12' }, 'domain'],
  ['suspended+manual domain', { ...none, status: 'suspended', mode: 'manual' }, 'domain'],
  ['suspended+manual expiry', { ...none, status: 'suspended', mode: 'manual' }, 'expiryAt'],
  ['unassigned+enom domain', { ...none, account: 'unassigned', registrar: { supplierId: 'enom' } }, 'domain'],
  ['unassigned+enom expiry', { ...none, account: 'unassigned', registrar: { supplierId: 'enom' } }, 'expiryAt'],
  ['account a77 domain', { ...none, account: { accountId: 'a77' } }, 'domain'],
  ['account a77 expiry desc', { ...none, account: { accountId: 'a77' } }, 'expiryAt'],
];
for (const [label, filters, sort] of cases) {
  for (const order of ['asc', 'desc'] as const) {
    await pageOfInventory(database.db, { filters, sort, order, after: null, limit: 26 });
    const t = performance.now();
    let rows: unknown[] = [];
    for (let n = 0; n < 5; n++) rows = await pageOfInventory(database.db, { filters, sort, order, after: null, limit: 26 });
    console.log(`${label} ${order}: ${rows.length} rows, ${((performance.now() - t) / 5).toFixed(1)} ms`);
  }
}
await database.close();
