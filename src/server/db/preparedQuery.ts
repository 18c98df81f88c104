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

/**
 * A read whose SQL takes one of a bounded set of shapes (a list's sort and which of its filters
 * are set), each compiled once as preparedQuery compiles a fixed read. `build` sees a null slot
 * for every parameter that is null in the call, and must let only that nullness and `shape`
 * decide the SQL: the compiled text is kept per shape and the parameters' nullness.
 */
export function preparedQueryByShape<P extends Record<string, unknown>, S, Row>(
  build: (db: Kysely<Database>, slots: Slots<P>, shape: S) => Compilable<Row>,
) {
  const queries = new Map<string, ReturnType<typeof preparedQuery<P, Row>>>();
  return async (db: Kysely<Database>, shape: S, params: P): Promise<Row[]> => {
    const unset = Object.keys(params).filter((k) => params[k] === null);
    const key = JSON.stringify([shape, unset]);
    let query = queries.get(key);
    if (!query) {
      query = preparedQuery<P, Row>((d, slots) => build(d, new Proxy(slots, {
        get: (target, name) => (unset.includes(String(name)) ? null : Reflect.get(target, name)),
      }), shape));
      queries.set(key, query);
    }
    return query.all(db, params);
  };
}
