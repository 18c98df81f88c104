import { accountOwnerId } from '../../../access/fragments.ts';
import { userEmail, userName } from '../../../auth/fragments.ts';
import { type CreateAccountRequest, type Panel, type PanelAccount, PanelError, type PanelOptions } from '../../../integrations/panels/panel.ts';
import type { ServerRow } from '../servers/connection.ts';
import { generatePassword, generateUsername } from './accountNames.ts';
import { markActivated } from './effects.ts';
import { chooseServer, loadsOfGroup } from './serverChoice.ts';
import { callOptions, panelOf, serverOf, StepRefused, type StepRun, type StepSuccess } from './stepRun.ts';
import { findService, parseJson, type ServiceRow } from './stepRepository.ts';
import { openServicePassword, sealServicePassword } from './stepPassword.ts';
import { welcomeMail } from './welcomeMail.ts';

/** Usernames tried per attempt, taken on the panel or by another service (Upmind stops after 5 too). */
export const MAX_USERNAME_ROLLS = 5;

interface Owner {
  email: string;
  name: string;
}

async function ownerOf(run: StepRun): Promise<Owner> {
  const row = await run.services.db.selectFrom('hosting_services')
    .select((eb) => [userEmail(eb, accountOwnerId(eb, eb.ref('hosting_services.account_id'))).as('email'),
      userName(eb, accountOwnerId(eb, eb.ref('hosting_services.account_id'))).as('name')])
    .where('id', '=', run.service.id).executeTakeFirst();
  if (!row?.email) throw new StepRefused('The service\'s account has no owner to write to.');
  return { email: row.email, name: row.name ?? row.email };
}

/**
 * Whether an account found under our username is the one we made (an earlier attempt that timed
 * out after the panel acted) rather than someone else's: our domain, our customer's address, or
 * our service id where the panel keeps one (Plesk external-id, Proxmox description).
 */
export function isOurAccount(account: PanelAccount, service: Pick<ServiceRow, 'id' | 'domain'>, ownerEmail: string): boolean {
  if (service.domain && account.domain && account.domain.toLowerCase() === service.domain.toLowerCase()) return true;
  if (account.email && account.email.toLowerCase() === ownerEmail.toLowerCase()) return true;
  if (Object.values(account.ref).includes(service.id)) return true;
  // A panel that keeps neither a domain nor an address for the account (a VM): the name was free when we
  // saved it, and it is random past its first letters, so an account under it is the one we made.
  return account.domain === null && account.email === null;
}

/** The server the service lives on, or the one its product's group offers by its fill policy. */
async function serverFor(run: StepRun): Promise<ServerRow> {
  const { service, services } = run;
  if (service.server_id) return serverOf(run, service.server_id);
  const product = service.product_id
    ? await services.db.selectFrom('hosting_products').select(['group_id']).where('product_id', '=', service.product_id).executeTakeFirst()
    : undefined;
  if (!product) throw new StepRefused(`The plan ${service.product_name} is not mapped to a server group.`);
  const group = await loadsOfGroup(services.db, product.group_id);
  const choice = group && chooseServer(group.servers, group.policy);
  if (!choice) throw new StepRefused(`No enabled server of the plan's group has room for a new account (${service.product_name}).`);
  return serverOf(run, choice.id);
}

/**
 * Picks a username the panel and the portal both have free, with a password, and saves them (and
 * the server) on the service before anything is created: a retry then reuses them and finds what
 * an earlier attempt made.
 */
async function takeUsername(run: StepRun, panel: Panel, server: ServerRow, rolls: { left: number }): Promise<ServiceRow> {
  const { services, service } = run;
  const generate = services.config.hostingUsernames ?? generateUsername;
  while (rolls.left > 0) {
    rolls.left -= 1;
    const name = generate(service.domain);
    const takenHere = await services.db.selectFrom('hosting_services').select('id').where('server_id', '=', server.id).where('username', '=', name).executeTakeFirst();
    if (takenHere || !await panel.usernameAvailable(name, callOptions(run))) continue;
    const password = sealServicePassword(services.config, service.id, generatePassword(name));
    try {
      const saved = await services.db.updateTable('hosting_services')
        .set({ username: name, password, server_id: server.id, updated_at: services.clock.nowIso() })
        .where('id', '=', service.id).where('username', 'is', null).executeTakeFirst();
      if (Number(saved.numUpdatedRows) !== 1) break;
    } catch {
      // Another service took the name on this server in between (the unique index): roll again.
      continue;
    }
    break;
  }
  const fresh = await findService(services.db, service.id);
  if (!fresh) throw new StepRefused('The service no longer exists.');
  if (!fresh.username) throw new StepRefused(`No free username on the panel after ${MAX_USERNAME_ROLLS} tries.`);
  return fresh;
}

/** Forgets a username someone else's account holds, so the next roll picks another. */
async function dropUsername(run: StepRun, service: ServiceRow): Promise<ServiceRow> {
  await run.services.db.updateTable('hosting_services').set({ username: null, password: null, updated_at: run.services.clock.nowIso() })
    .where('id', '=', service.id).where('status', '=', 'pending').execute();
  return { ...service, username: null, password: null };
}

function activated(run: StepRun, server: ServerRow, service: ServiceRow, owner: Owner, account: PanelAccount, outcome: 'done' | 'already'): StepSuccess {
  const { services } = run;
  // A create run again on a service that is live (by hand, or a duplicate): the account is there, nothing changes.
  if (service.status !== 'pending') return { outcome: 'already', message: `The account ${account.username} is on the panel; the service is ${service.status}.`, apply: async () => {} };
  const password = openServicePassword(services.config, service.id, service.password);
  const options = parseJson<PanelOptions>(server.options, {});
  return {
    outcome,
    message: outcome === 'already' ? `The account ${account.username} was already on the panel (made by an earlier attempt).` : null,
    async apply(tx) {
      if (password && service.username) {
        await services.mailer.send(tx, welcomeMail({
          to: owner.email, plan: service.product_name, host: options.displayHost ?? server.host, username: service.username, password,
          domain: service.domain, publicUrl: services.config.PUBLIC_URL,
        }));
      }
      await markActivated(tx, services, service, { package: account.package, panelRef: account.ref });
    },
  };
}

/**
 * The create step: server, username and password first (saved), then the panel's state, then the
 * create with a long time-out. A create that timed out is read back, never sent again blind: the
 * account there and ours is success; not there leaves the outcome unknown, and the next attempt
 * reads again before anything else.
 */
export async function createStep(run: StepRun): Promise<StepSuccess> {
  let service = run.service;
  if (service.status === 'terminated') throw new StepRefused('The service is terminated; it needs a new order.');
  const server = await serverFor(run);
  const panel = panelOf(run, server);
  const owner = await ownerOf(run);
  const rolls = { left: MAX_USERNAME_ROLLS };
  for (;;) {
    if (!service.username) service = await takeUsername({ ...run, service }, panel, server, rolls);
    const username = service.username!;
    const existing = await panel.findAccount(username, callOptions(run));
    if (existing) {
      if (isOurAccount(existing, service, owner.email)) {
        if (service.status !== 'pending') return activated(run, server, service, owner, existing, 'already');
        // Made by an earlier attempt whose answer was lost, perhaps half way.
        const password = openServicePassword(run.services.config, service.id, service.password);
        const finished = password ? await finishCreate(run, panel, service, owner, password, existing) : existing;
        return activated(run, server, service, owner, finished, 'already');
      }
      if (service.status !== 'pending') throw new StepRefused(`The account ${username} on the panel belongs to someone else.`);
      service = await dropUsername(run, service);
      continue;
    }
    if (service.status !== 'pending') throw new StepRefused(`The account ${username} is not on the panel; the service is ${service.status}.`);
    let password = openServicePassword(run.services.config, service.id, service.password);
    if (!password) {
      // A row whose password was cleared (or sealed under an old key) before any account existed: a new one.
      password = generatePassword(username);
      const sealed = sealServicePassword(run.services.config, service.id, password);
      await run.services.db.updateTable('hosting_services').set({ password: sealed }).where('id', '=', service.id).execute();
      service = { ...service, password: sealed };
    }
    try {
      const account = await panel.createAccount(await createRequest(run, service, owner, password), callOptions(run, 'create'));
      return activated(run, server, service, owner, account, 'done');
    } catch (error) {
      if (!(error instanceof PanelError) || (error.kind !== 'unknown' && error.kind !== 'exists')) throw error;
      // A read-back that fails too leaves the create's own outcome: unknown (it may have acted) stays unknown.
      const found = await panel.findAccount(username, callOptions(run)).catch((readError: unknown) => { throw error.kind === 'unknown' ? error : readError; });
      if (found && isOurAccount(found, service, owner.email)) return activated(run, server, service, owner, await finishCreate(run, panel, service, owner, password, found), 'done');
      if (error.kind === 'unknown' || rolls.left === 0) throw error;
      service = await dropUsername(run, service);
    }
  }
}

/**
 * Our account, found after a create whose answer was lost. A create made of several calls (a VM:
 * clone, then its password, then a start) may have stopped after the first; on such a panel the
 * same create finishes it (it reads what is there and sends only what is missing).
 */
async function finishCreate(run: StepRun, panel: Panel, service: ServiceRow, owner: Owner, password: string, found: PanelAccount): Promise<PanelAccount> {
  if (!panel.capabilities.resumableCreate) return found;
  return panel.createAccount(await createRequest(run, service, owner, password), callOptions(run, 'create'));
}

async function createRequest(run: StepRun, service: ServiceRow, owner: Owner, password: string): Promise<CreateAccountRequest> {
  return {
    username: service.username!, password, domain: service.domain, package: await packageOf(run, service),
    email: owner.email, contactName: owner.name, serviceId: service.id,
  };
}

async function packageOf(run: StepRun, service: ServiceRow): Promise<string> {
  if (service.package) return service.package;
  const product = service.product_id
    ? await run.services.db.selectFrom('hosting_products').select('package').where('product_id', '=', service.product_id).executeTakeFirst()
    : undefined;
  if (!product) throw new StepRefused(`The plan ${service.product_name} names no package on the panel.`);
  return product.package;
}
