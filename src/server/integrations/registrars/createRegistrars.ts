import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { createCloudflareRegistrar } from './cloudflare/cloudflareRegistrar.ts';
import { createDynadotRegistrar } from './dynadot/dynadotRegistrar.ts';
import { createEnomRegistrar } from './enom/enomRegistrar.ts';
import { createNamecheapRegistrar } from './namecheap/namecheapRegistrar.ts';
import type { Registrar } from './registrar.ts';
import { createSandboxRegistrar } from './sandbox/sandboxRegistrar.ts';

/**
 * Every domain supplier this installation can use: the built-in sandbox always (so search,
 * registration and pricing work offline), and each real registrar whose credentials are set.
 */
export function createRegistrars(deps: { config: Config; db: Kysely<Database>; clock?: Clock }): Registrar[] {
  const { config, clock } = deps;
  const configured = [createNamecheapRegistrar(config, clock), createDynadotRegistrar(config, { clock }), createEnomRegistrar(config, clock),
    createCloudflareRegistrar(config, { clock })];
  return [createSandboxRegistrar(deps), ...configured.filter((r): r is Registrar => r !== null)];
}
