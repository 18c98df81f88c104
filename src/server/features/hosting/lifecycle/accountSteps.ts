import type { HostingSuspendReason } from '../../../db/tables/hosting.ts';
import { PanelError } from '../../../integrations/panels/panel.ts';
import { markPackageChanged, markPasswordChanged, markSuspended, markTerminated, markUnsuspended } from './effects.ts';
import { accountOnPanel, callOptions, StepRefused, type StepRun, type StepSuccess } from './stepRun.ts';
import { openStepPassword } from './stepPassword.ts';

/**
 * The steps on an account that exists: each reads the panel's state first and counts "already so"
 * as done, since suspend, unsuspend and terminate are not idempotent on the wire (DirectAdmin's
 * suspend is a toggle; its delete may answer 503 after deleting).
 */

const NO_ACCOUNT = 'The service has no account on a panel yet.';
const notOnPanel = (username: string | null) => `The account ${username ?? ''} is not on the panel.`;

/** The text the panel records as the suspension's reason. */
export const SUSPEND_REASON_TEXT: Record<HostingSuspendReason, string> = { overdue: 'Overdue on payment', operator: 'Suspended by the provider' };

async function existingAccount(run: StepRun) {
  const found = await accountOnPanel(run);
  if (!found) throw new StepRefused(NO_ACCOUNT);
  if (!found.account) throw new StepRefused(notOnPanel(run.service.username));
  return { panel: found.panel, account: found.account };
}

export async function suspendStep(run: StepRun): Promise<StepSuccess> {
  const reason: HostingSuspendReason = run.input.reason === 'operator' ? 'operator' : 'overdue';
  const note = typeof run.input.note === 'string' ? run.input.note : null;
  const { panel, account } = await existingAccount(run);
  const apply = (tx: Parameters<StepSuccess['apply']>[0]) => markSuspended(tx, run.services, run.service, reason, note);
  if (account.suspended) return { outcome: 'already', message: 'The account was already suspended.', apply };
  await panel.suspend(account, note ? `${SUSPEND_REASON_TEXT[reason]}: ${note}` : SUSPEND_REASON_TEXT[reason], callOptions(run));
  return { outcome: 'done', message: null, apply };
}

export async function unsuspendStep(run: StepRun): Promise<StepSuccess> {
  const { panel, account } = await existingAccount(run);
  const apply = (tx: Parameters<StepSuccess['apply']>[0]) => markUnsuspended(tx, run.services, run.service);
  if (!account.suspended) return { outcome: 'already', message: 'The account was not suspended.', apply };
  await panel.unsuspend(account, callOptions(run));
  return { outcome: 'done', message: null, apply };
}

export async function terminateStep(run: StepRun): Promise<StepSuccess> {
  const apply = (tx: Parameters<StepSuccess['apply']>[0]) => markTerminated(tx, run.services, run.service);
  const found = await accountOnPanel(run);
  if (!found) return { outcome: 'already', message: 'The service never had an account on a panel.', apply };
  if (!found.account) return { outcome: 'already', message: 'The account was already gone from the panel.', apply };
  try {
    await found.panel.terminate(found.account, callOptions(run));
  } catch (error) {
    if (error instanceof PanelError && error.kind === 'not_found') return { outcome: 'already', message: 'The account was already gone from the panel.', apply };
    // Panels answer errors after deleting (DirectAdmin's 503): only an account still there means it failed.
    if (!(error instanceof PanelError) || !['unknown', 'refused'].includes(error.kind)) throw error;
    const again = await found.panel.findAccount(run.service.username!, callOptions(run));
    if (again) throw error;
  }
  return { outcome: 'done', message: null, apply };
}

export async function changePackageStep(run: StepRun): Promise<StepSuccess> {
  const packageName = typeof run.input.package === 'string' ? run.input.package : '';
  if (!packageName) throw new StepRefused('The step names no package.');
  const { panel, account } = await existingAccount(run);
  const apply = (tx: Parameters<StepSuccess['apply']>[0]) => markPackageChanged(tx, run.services, run.service, packageName);
  if (account.package === packageName) return { outcome: 'already', message: `The account was already on ${packageName}.`, apply };
  await panel.changePackage(account, packageName, callOptions(run));
  return { outcome: 'done', message: null, apply };
}

export async function changePasswordStep(run: StepRun): Promise<StepSuccess> {
  const password = openStepPassword(run.services.config, run.service.id, run.input.password);
  if (!password) throw new StepRefused('The step carries no password (it was erased, or sealed with another key).');
  const { panel, account } = await existingAccount(run);
  await panel.changePassword(account, password, callOptions(run));
  return { outcome: 'done', message: null, apply: (tx) => markPasswordChanged(tx, run.services, run.service) };
}
