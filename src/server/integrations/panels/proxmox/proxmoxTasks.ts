import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { PanelError, type PanelCallOptions } from '../panel.ts';
import { panelName, PANEL_TIMEOUT_MS } from '../panelHttp.ts';
import type { ProxmoxClient } from './proxmoxClient.ts';
import { kindOfReason, proxmoxError } from './proxmoxErrors.ts';

export interface ProxmoxTuning {
  /** The first wait before reading a task's status; each next wait doubles, up to MAX_POLL_MS. Tests shorten it. */
  pollIntervalMs?: number;
}

const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 5_000;

const taskStatus = z.object({ status: z.string(), exitstatus: z.string().optional() });

/** `UPID:node:pid:pstart:starttime:type:id:user:`; the node in it is where the task's status is read. */
const UPID = /^UPID:([^:]+):[0-9A-Fa-f]+:[0-9A-Fa-f]+:[0-9A-Fa-f]+:[^:]*:[^:]*:[^:]+:$/;

/** A finished task's exit status that means success: 'OK', or 'WARNINGS: n' (it did the work and logged warnings). */
const succeeded = (exitstatus: string | undefined) => exitstatus === 'OK' || /^WARNINGS: \d+$/.test(exitstatus ?? '');

/**
 * Waits for the task a write started. Proxmox answers clone, power, delete (and, from 8.0, resize)
 * with a UPID at once: HTTP 200 says only that the task began. Its status is read at
 * /nodes/{node}/tasks/{upid}/status until 'stopped', and the exit status decides. A version that
 * did the work at once answers null: nothing to wait for. Once the task runs, anything that keeps
 * us from its end (a lost poll, the caller's signal, the deadline) leaves the outcome unknown.
 */
export async function waitForTask(
  client: ProxmoxClient, started: unknown, command: string, options: PanelCallOptions, tuning: ProxmoxTuning, deadlineMs = PANEL_TIMEOUT_MS,
): Promise<void> {
  if (started === null) return;
  const node = typeof started === 'string' ? UPID.exec(started)?.[1] : undefined;
  if (typeof started !== 'string' || !node) {
    throw proxmoxError('unknown', `${panelName('proxmox')} answered ${command} without a task id; it may have acted.`, command);
  }
  const path = `/nodes/${encodeURIComponent(node)}/tasks/${encodeURIComponent(started)}/status`;
  const deadline = Date.now() + deadlineMs;
  let wait = tuning.pollIntervalMs ?? FIRST_POLL_MS;
  for (;;) {
    try {
      await sleep(Math.min(wait, Math.max(0, deadline - Date.now())), undefined, { signal: options.signal });
    } catch {
      throw unfinished(command, 'the call was stopped while its task ran');
    }
    let status: z.infer<typeof taskStatus>;
    try {
      status = await client.read(taskStatus, { command: 'GET tasks/status', method: 'GET', path }, options);
    } catch (error) {
      throw unfinished(command, `its task could not be followed: ${error instanceof PanelError ? error.message : 'no answer'}`);
    }
    if (status.status === 'stopped') {
      if (succeeded(status.exitstatus)) return;
      const reason = status.exitstatus ?? 'no exit status';
      throw proxmoxError(kindOfReason(reason) ?? 'refused', `${panelName('proxmox')}'s task for ${command} failed: ${reason}.`, command);
    }
    if (Date.now() >= deadline) throw unfinished(command, `its task was still running after ${Math.round(deadlineMs / 1000)} s`);
    wait = Math.min(wait * 2, MAX_POLL_MS);
  }
}

const unfinished = (command: string, why: string) =>
  proxmoxError('unknown', `${panelName('proxmox')} started ${command} but ${why}; it may still finish.`, command);
