import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tableOwnership } from './tableOwnership.js';
import { tableOwners } from './tableOwners.js';

const root = resolve(import.meta.dirname, '..', '..');
const linter = new Linter({ configType: 'flat' });
const config = [{
  files: ['**/*.ts'],
  languageOptions: { parser: tseslint.parser as Linter.Parser },
  plugins: { portal: { rules: { 'table-ownership': tableOwnership } } },
  rules: { 'portal/table-ownership': 'error' as const },
}];

/** The rule's messages for `code` in a file at `file` (relative to the repository). */
function lint(file: string, code: string): string[] {
  return linter.verify(code, config, { filename: resolve(root, file) }).map((m) => m.message);
}

describe('table ownership', () => {
  it('lets an area query its own tables', () => {
    expect(lint('src/server/features/tickets/repository.ts', "db.selectFrom('ticket_replies').selectAll();")).toEqual([]);
    expect(lint('src/server/features/domains/orders/repository.ts', "db.updateTable('domain_orders as o').set({});")).toEqual([]);
    expect(lint('src/server/jobs/store.ts', "db.insertInto('jobs').values({});")).toEqual([]);
  });

  it("refuses a query on another area's table, in every builder call and in raw sql", () => {
    expect(lint('src/server/features/tickets/service.ts', "db.selectFrom('domain_orders').selectAll();")[0])
      .toBe('features/tickets must not query domain_orders, which features/domains owns; use its public face.');
    expect(lint('src/server/features/admin/orders/desk.ts', "db.selectFrom('domain_orders as o').selectAll();")).toHaveLength(1);
    expect(lint('src/server/features/tickets/service.ts', "db.selectFrom('tickets').innerJoin('invoices as i', 'i.id', 'tickets.id');")).toHaveLength(1);
    expect(lint('src/server/features/tickets/service.ts', "db.selectFrom(['tickets', 'webhooks']);")).toHaveLength(1);
    expect(lint('src/server/features/tickets/service.ts', "db.deleteFrom('webhooks');")).toHaveLength(1);
    expect(lint('src/server/features/tickets/service.ts', 'sql`select count(*) from "webhooks" where x = ${1}`;')).toHaveLength(1);
    expect(lint('src/server/features/tickets/service.ts', 'sql`update invoices set x = 1`;')).toHaveLength(1);
  });

  it('leaves tests, migrations and the db layer alone', () => {
    expect(lint('src/server/features/tickets/tickets.list.test.ts', "db.selectFrom('domain_orders');")).toEqual([]);
    expect(lint('src/server/db/migrations/0001_initial.ts', "db.selectFrom('domain_orders');")).toEqual([]);
  });

  it('names an owner for every table of the Database type, and only those', () => {
    // Database is composed of each owner's `...Tables` interface (src/server/db/tables/).
    const dir = resolve(root, 'src/server/db/tables');
    const tables = readdirSync(dir).flatMap((file) => [...readFileSync(resolve(dir, file), 'utf8')
      .matchAll(/^export interface \w+Tables \{\n([^}]*)\}/gm)].flatMap((m) => [...m[1].matchAll(/^\s+([a-z_]+):/gm)].map((t) => t[1])));
    expect(tables.length).toBeGreaterThan(30);
    expect(Object.keys(tableOwners).sort()).toEqual(tables.sort());
  });
});
