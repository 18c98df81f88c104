import type { Timestamp, DefaultedTimestamp } from './columns.ts';

export interface SandboxRegistrarDomainsTable {
  domain: string;
  registered_at: Timestamp;
  expires_at: Timestamp;
  data: string;
  idempotency_key: string | null;
  updated_at: DefaultedTimestamp;
}

/** The registrars tables, owned by integrations/registrars (tools/eslint/tableOwners.js). */
export interface RegistrarTables {
  sandbox_registrar_domains: SandboxRegistrarDomainsTable;
}
