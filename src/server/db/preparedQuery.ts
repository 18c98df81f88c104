import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { readerOf } from './connection.ts';
import type { Database } from './schema.ts';

const SLOT = '\u0000slot:';

type Slots<P> = { [K in keyof P]: P[K] };

interface Template {
  sql: string;
  /** Per compiled parameter: the name of a runtime parameter, or a constant. */
  parameters: ({ slot: string } | { value: unknown })[];
}

/**
 * A read written with Kysely, compiled once per dialect and then run with new parameter
 * values straight on the driver. Building and compiling a Kysely query costs several times
 * what our indexed reads cost to execute, so the per-request hot path (session, membership,
 * dashboard, ticket list) goes through here (docs/performance.md). The SQL is still Kysely's,
 * portable and typed; values are bound parameters, never spliced into the text.
 * Inside a transaction the same SQL runs on the transaction's connection.
 */
export function preparedQuery<P extends Record<string, unknown>, Row>(
  build: (db: Kysely<Database>, slots: Slots<P>) => Compilable<Row>,
) {
  // Compiled SQL depends only on the dialect, so templates are kept per dialect adapter.
  const templates = new WeakMap<object, Template>();
  const slots = new Proxy({}, { get: (_t, name) => `${SLOT}${String(name)}` }) as Slots<P>;

  function templateFor(db: Kysely<Database>): Template {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const compiled = build(db, slots).compile();
      template = {
        sql: compiled.sql,
        parameters: compiled.parameters.map((p) =>
          typeof p === 'string' && p.startsWith(SLOT) ? { slot: p.slice(SLOT.length) } : { value: p }),
      };
      templates.set(adapter, template);
    }
    return template;
  }

  async function all(db: Kysely<Database>, params: P): Promise<Row[]> {
    const template = templateFor(db);
    const values = template.parameters.map((p) => ('slot' in p ? params[p.slot] : p.value));
    const read = readerOf(db);
    if (read) return (await read(template.sql, values)) as Row[];
    return (await db.executeQuery<Row>(CompiledQuery.raw(template.sql, values))).rows;
  }

  return {
    all,
    async first(db: Kysely<Database>, params: P): Promise<Row | undefined> {
      return (await all(db, params))[0];
    },
  };
}
