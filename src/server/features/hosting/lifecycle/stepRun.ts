import type { ClearableSignal } from 'any-signal';
import type { Tx } from '../../../db/transaction.ts';
import { deadlineSignal } from '../../../integrations/deadline.ts';
import { PANEL_CREATE_TIMEOUT_MS, PANEL_TIMEOUT_MS } from '../../../integrations/panels/panelHttp.ts';
import type { Panel, PanelAccount, PanelCallOptions, PanelCallRecord } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { findServer, panelOfServer, type ServerRow } from '../servers/connection.ts';
import type { ServiceRow, StepRow } from './stepRepository.ts';

/** One attempt at a step: what the action reads and the panel calls it makes, each recorded for the attempt log. */
export interface StepRun {
  services: Services;
  step: StepRow;
  service: ServiceRow;
  input: Record<string, unknown>;
  /** Every HTTP exchange of this attempt, as the attempt row keeps them (never a value sent). */
  calls: PanelCallRecord[];
  /** The job's signal: the queue stopping or the job's time-out ends the call in flight. */
  signal?: AbortSignal;
  /** The signals of this attempt's calls, let go of when the attempt ends. */
  held: ClearableSignal[];
}

/**
 * What a step achieved: 'done' (the panel changed) or 'already' (the panel was in that state), and
 * what the portal records for it, in the unit of work that ends the step.
 */
export interface StepSuccess {
  outcome: 'done' | 'already';
  message: string | null;
  apply(tx: Tx): Promise<void>;
}

/** A step that cannot succeed by trying again (no server with room, no account on the panel): failed at once, with this message. */
export class StepRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepRefused';
  }
}

/** Options for one panel call: the attempt's record and signal, and a time-out (long for a create: cPanel may take minutes). */
export function callOptions(run: StepRun, kind: 'quick' | 'create' = 'quick'): PanelCallOptions {
  const ms = run.services.config.panelTimeoutMs ?? (kind === 'create' ? PANEL_CREATE_TIMEOUT_MS : PANEL_TIMEOUT_MS);
  // Several calls share it, so it is cleared when the attempt ends (runStep), not per call.
  const { signal } = deadlineSignal(ms, run.signal);
  run.held.push(signal);
  return { signal, record: (call) => { run.calls.push(call); } };
}

export async function serverOf(run: StepRun, serverId: string): Promise<ServerRow> {
  const server = await findServer(run.services.db, serverId);
  if (!server) throw new StepRefused('The service\'s server no longer exists.');
  return server;
}

export const panelOf = (run: StepRun, server: ServerRow): Panel => panelOfServer(run.services.config, server);

/** The service's account as the panel reports it now, or null; refused when the service never got an account. */
export async function accountOnPanel(run: StepRun): Promise<{ panel: Panel; account: PanelAccount | null } | null> {
  const { service } = run;
  if (!service.username || !service.server_id) return null;
  const panel = panelOf(run, await serverOf(run, service.server_id));
  return { panel, account: await panel.findAccount(service.username, callOptions(run)) };
}
