import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Auth } from './betterAuth.ts';
import { judgePassword } from './passwordPolicy.ts';

/** On an empty database, creates the super admin (from ADMIN_EMAIL/ADMIN_PASSWORD or a generated password). */
export async function ensureSuperAdmin(deps: { db: Kysely<Database>; auth: Auth; config: Config; log: FastifyBaseLogger }) {
  const { db, auth, config, log } = deps;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  const email = (config.ADMIN_EMAIL ?? 'admin@localhost.localdomain').toLowerCase();
  const password = config.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
  // Sign-up refuses it anyway (passwordPolicy.ts); said here, the operator learns which setting to change.
  const verdict = judgePassword(password, [email]);
  if (!verdict.ok) throw new Error(`Invalid configuration: ADMIN_PASSWORD is refused. ${verdict.message}`);
  const { user } = await auth.api.signUpEmail({ body: { email, password, name: 'Super Admin' } });
  await db.updateTable('users').set({ role: 'super_admin', email_verified: true }).where('id', '=', user.id).execute();
  if (config.ADMIN_PASSWORD) {
    log.info({ email }, 'super admin created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    // Printed once: the only place this password ever appears.
    log.warn(`Super admin created. Sign in at ${config.PUBLIC_URL}/login as ${email} with password ${password} and change it.`);
  }
  return { email, userId: user.id };
}
