import type { AccountService } from '../../../../common/hosting/servicesContract.ts';
import {
  PANEL_NO_ANSWER, PASSWORD_CHANGE_PENDING, PASSWORD_HAS_USERNAME, PASSWORD_NOT_ACTIVE, PASSWORD_UNSUPPORTED, SSO_NOT_ACTIVE, SSO_SUSPENDED, SSO_UNSUPPORTED,
} from '../../../../common/hosting/servicesTexts.ts';
import { record, recordIfActingAs } from '../../../audit/record.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { PanelError } from '../../../integrations/panels/panel.ts';
import type { Caller, Services } from '../../../rpc/context.ts';
import { aborted, failedPrecondition, invalidArgument, unavailable } from '../../../rpc/errors.ts';
import { renewalDatesOf } from '../../billing/index.ts';
import { requestStep } from '../lifecycle/requestStep.ts';
import { stepPasswordInput } from '../lifecycle/stepPassword.ts';
import { capabilitiesOfServers, panelOfService } from './capabilities.ts';
import { presentService } from './present.ts';
import { hasUnfinishedPasswordChange, lockService, type ServiceRow } from './repository.ts';

type Deps = Pick<Services, 'db' | 'config'>;

/** The services as the page shows them, with the renewal dates read through billing's public face. */
export async function presentServices({ db }: Deps, rows: ServiceRow[], manages: boolean): Promise<AccountService[]> {
  const renewals = await renewalDatesOf(db, rows.map((r) => r.subscription_id).filter((id) => id !== null));
  const capabilities = await capabilitiesOfServers(db, rows.map((r) => r.server_id));
  return rows.map((row) => presentService(
    row, row.subscription_id ? renewals.get(row.subscription_id) ?? null : null, row.server_id ? capabilities.get(row.server_id) ?? null : null, manages,
  ));
}

/** Single sign-on needs a live account: never into a suspended one (a suspension would be bypassed) nor one not made yet. */
function requireActive(service: ServiceRow, refusal: Pick<LoginRefusals, 'notActive' | 'suspended'>): asserts service is ServiceRow & { username: string; server_id: string } {
  if (service.status === 'suspended') throw failedPrecondition(refusal.suspended);
  if (service.status !== 'active' || !service.username || !service.server_id) throw failedPrecondition(refusal.notActive);
}

/** The refusals of a panel login, in the words of who asks (the customer, or an operator). */
export interface LoginRefusals { notActive: string; suspended: string; unsupported: string }

/**
 * A one-time login URL into the service's panel as its customer, for a browser at `clientIp` (Plesk
 * binds the session to it). The URL is a credential: whoever asked gets it, never an audit entry or
 * a log line. The panel is called outside any transaction; the caller records once it answered.
 */
export async function panelLoginUrl(services: Services, service: ServiceRow, clientIp: string, refusals: LoginRefusals): Promise<string> {
  requireActive(service, refusals);
  const panel = await panelOfService(services.db, services.config, service.server_id);
  if (!panel) throw unavailable(PANEL_NO_ANSWER);
  if (!panel.capabilities.sso) throw failedPrecondition(refusals.unsupported);
  try {
    const account = await panel.findAccount(service.username);
    if (!account) throw unavailable(PANEL_NO_ANSWER);
    return await panel.loginUrl(account, clientIp);
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    services.log.warn({ serviceId: service.id, panel: error.details.panel, command: error.details.command, kind: error.kind }, 'control panel login failed');
    throw unavailable(PANEL_NO_ANSWER);
  }
}

/** The customer's single sign-on (panelLoginUrl), audited once the panel answered. */
export async function openControlPanel(services: Services, caller: Caller, service: ServiceRow, clientIp: string, requestId: string): Promise<string> {
  const url = await panelLoginUrl(services, service, clientIp, { notActive: SSO_NOT_ACTIVE, suspended: SSO_SUSPENDED, unsupported: SSO_UNSUPPORTED });
  await inTransaction(services.db, async (tx) => {
    await record(tx, {
      actor: caller.actingAs ? { userId: caller.actingAs.operatorUserId, email: caller.actingAs.operatorEmail } : { userId: caller.userId, email: caller.email },
      actingAs: caller.actingAs ? { accountId: caller.actingAs.accountId } : null,
      action: 'hosting.sso_opened',
      target: { type: 'hosting_service', id: service.id },
      reason: caller.actingAs?.reason ?? null,
      after: { accountId: service.account_id, panel: service.panel, username: service.username },
      requestId,
      at: services.clock.nowIso(),
    });
  });
  return url;
}

/**
 * Queues the change of the panel password to `password`, sealed in the step's input (the runner
 * opens it bound to the service); the plain password is never stored, logged or answered.
 */
export async function queuePasswordChange(services: Services, caller: Caller, service: ServiceRow, password: string): Promise<void> {
  requireActive(service, { notActive: PASSWORD_NOT_ACTIVE, suspended: PASSWORD_NOT_ACTIVE });
  const panel = await panelOfService(services.db, services.config, service.server_id);
  if (!panel?.capabilities.changePassword) throw failedPrecondition(PASSWORD_UNSUPPORTED);
  if (password.toLowerCase().includes(service.username.toLowerCase())) throw invalidArgument(PASSWORD_HAS_USERNAME);
  await inTransaction(services.db, async (tx) => {
    await lockService(tx.db, service.id);
    if (await hasUnfinishedPasswordChange(tx.db, service.id)) throw aborted(PASSWORD_CHANGE_PENDING);
    const stepId = await requestStep(tx, services, {
      serviceId: service.id,
      action: 'change_password',
      input: stepPasswordInput(services.config, service.id, password),
      requestedBy: caller.userId,
    });
    await recordIfActingAs(tx, caller, {
      action: 'hosting.password_change_requested', target: { type: 'hosting_service', id: service.id }, after: { stepId }, at: services.clock.nowIso(),
    });
  });
}
