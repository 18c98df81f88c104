import { type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import * as m0001 from './migrations/0001_platform.ts';
import * as m0002 from './migrations/0002_keyset_indexes.ts';
import * as m0003 from './migrations/0003_platform_events.ts';
import * as m0004 from './migrations/0004_job_claims.ts';
import * as m0005 from './migrations/0005_audit_and_impersonation.ts';
import * as m0006 from './migrations/0006_billing.ts';
import * as m0007 from './migrations/0007_customer_lookup.ts';
import * as m0008 from './migrations/0008_sandbox_registrar.ts';
import * as m0009 from './migrations/0009_domain_suppliers.ts';
import * as m0010 from './migrations/0010_domains.ts';
import * as m0011 from './migrations/0011_domain_list_counts.ts';
import * as m0012 from './migrations/0012_admin_indexes.ts';
import * as m0013 from './migrations/0013_admin_user_indexes.ts';
import * as m0014 from './migrations/0014_admin_order_indexes.ts';
import * as m0015 from './migrations/0015_support_desk.ts';
import * as m0016 from './migrations/0016_audit_mail_indexes.ts';
import * as m0017 from './migrations/0017_order_counts.ts';
import * as m0018 from './migrations/0018_event_delivery.ts';
import * as m0019 from './migrations/0019_event_list_indexes.ts';
import * as m0020 from './migrations/0020_order_refund_claims.ts';
import * as m0021 from './migrations/0021_work_runs.ts';
import * as m0022 from './migrations/0022_order_fulfil_lease.ts';
import * as m0023 from './migrations/0023_renewal_terms.ts';
import * as m0024 from './migrations/0024_supplier_year_costs.ts';
import * as m0025 from './migrations/0025_portfolio_sync.ts';
import * as m0026 from './migrations/0026_order_registrar_name.ts';
import * as m0027 from './migrations/0027_registrar_health.ts';
import * as m0028 from './migrations/0028_managed_domains.ts';
import * as m0029 from './migrations/0029_domain_inventory_indexes.ts';
import * as m0030 from './migrations/0030_function_rate_limits.ts';
import * as m0031 from './migrations/0031_two_factor.ts';
import * as m0032 from './migrations/0032_passkeys.ts';
import * as m0033 from './migrations/0033_session_last_active.ts';
import * as m0034 from './migrations/0034_auth_throttles.ts';
import * as m0035 from './migrations/0035_invitation_limits_and_ticket_access.ts';
import * as m0036 from './migrations/0036_hosting.ts';
import * as m0039 from './migrations/0039_hosting_order_fields.ts';

// Listed explicitly so the bundle-free runtime and tests see the same ordered history.
const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_keyset_indexes': m0002,
  '0003_platform_events': m0003,
  '0004_job_claims': m0004,
  '0005_audit_and_impersonation': m0005,
  '0006_billing': m0006,
  '0007_customer_lookup': m0007,
  '0008_sandbox_registrar': m0008,
  '0009_domain_suppliers': m0009,
  '0010_domains': m0010,
  '0011_domain_list_counts': m0011,
  '0012_admin_indexes': m0012,
  '0013_admin_user_indexes': m0013,
  '0014_admin_order_indexes': m0014,
  '0015_support_desk': m0015,
  '0016_audit_mail_indexes': m0016,
  '0017_order_counts': m0017,
  '0018_event_delivery': m0018,
  '0019_event_list_indexes': m0019,
  '0020_order_refund_claims': m0020,
  '0021_work_runs': m0021,
  '0022_order_fulfil_lease': m0022,
  '0023_renewal_terms': m0023,
  '0024_supplier_year_costs': m0024,
  '0025_portfolio_sync': m0025,
  '0026_order_registrar_name': m0026,
  '0027_registrar_health': m0027,
  '0028_managed_domains': m0028,
  '0029_domain_inventory_indexes': m0029,
  '0030_function_rate_limits': m0030,
  '0031_two_factor': m0031,
  '0032_passkeys': m0032,
  '0033_session_last_active': m0033,
  '0034_auth_throttles': m0034,
  '0035_invitation_limits_and_ticket_access': m0035,
  '0036_hosting': m0036,
  '0039_hosting_order_fields': m0039,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Up to and including `name` (tests of a migration: data as the release before it left it). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<any>, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const schema = await postgresSchemaOf(db);
  const migrator = new Migrator({
    db: schema ? introspectingOnly(db, schema) : db, provider, migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock', migrationTableSchema: schema,
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * On PostgreSQL the schema the connection works in (search_path). Kysely's Migrator decides
 * whether its tables exist by looking in every schema unless told which one, so another
 * schema's migrations table (a parallel test's, another app's) would make it skip creating its own.
 */
async function postgresSchemaOf(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * The Migrator learns whether its own tables exist from the introspector's list of every table
 * of the database, read with per-column catalog functions: a query that grows with every schema
 * there and fails when another schema is dropped while it runs (parallel tests, another app's).
 * Here it sees the tables of its schema only.
 */
function introspectingOnly(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () => [{ name: schema }],
    async getTables() {
      const { rows } = await sql<{ name: string }>`select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db);
      return rows.map(({ name }) => ({ name, schema, isView: false, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value = Reflect.get(target, key, target);
      // Kysely keeps its state in private fields, which only the instance itself can read.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
