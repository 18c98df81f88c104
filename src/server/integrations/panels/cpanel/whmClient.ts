import { panelFetch, unreadableAnswer } from '../panelHttp.ts';
import type { PanelCallOptions, PanelCallRecord, PanelConnection } from '../panel.ts';
import { parseWhmEnvelope } from './whmEnvelope.ts';
import { redact, whmAuthRefused, whmRefusal } from './whmErrors.ts';

export interface WhmCall {
  /** The WHM API 1 function ('createacct', 'accountsummary', …). */
  command: string;
  params?: Record<string, string>;
  /** Writes go as a POST form so a password never sits in a URL; reads as GET. */
  write?: boolean;
  timeoutMs?: number;
  /** Values of this call that must never reach a message or a call record (an account's password). */
  secrets?: string[];
}

export interface WhmAnswer {
  data: Record<string, unknown>;
}

/**
 * One WHM API 1 call: `/json-api/<command>?api.version=1` with `Authorization: whm USER:TOKEN`.
 * Without `api.version=1` WHM silently answers in API 0's envelope, so it is always sent. A
 * `metadata.result` of 0 is thrown as a PanelError classified by its reason (whmErrors.ts); an
 * answer that is not API 1's envelope is 'unknown' (the call may have acted), except cpsrvd's
 * HTTP 401/403, which refuses the token before running anything ('auth'). The call record gets
 * the envelope's outcome ('result 0: …'), the reason cleaned of the call's secrets.
 */
export async function whmCall(connection: PanelConnection, call: WhmCall, options: PanelCallOptions = {}): Promise<WhmAnswer> {
  if (connection.credentials.kind !== 'cpanel') throw new Error('a cPanel/WHM server needs cPanel/WHM credentials');
  const { username, apiToken } = connection.credentials;
  const secrets = [apiToken, ...(call.secrets ?? [])];
  const params = new URLSearchParams(call.params ?? {});
  const base = `/json-api/${encodeURIComponent(call.command)}?api.version=1`;
  let seen: PanelCallRecord | null = null;
  const response = await panelFetch(connection, {
    command: call.command,
    method: call.write ? 'POST' : 'GET',
    path: call.write || params.size === 0 ? base : `${base}&${params.toString()}`,
    headers: {
      authorization: `whm ${username}:${apiToken}`,
      accept: 'application/json',
      ...(call.write ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: call.write ? params.toString() : undefined,
    timeoutMs: call.timeoutMs,
  }, {
    signal: options.signal,
    record: (record) => {
      seen = record;
      // No answer at all: nothing more to learn from a body, so the record goes out now.
      if (record.status === null) options.record?.(record);
    },
  });
  const report = (outcome: string) => {
    if (seen) options.record?.({ ...seen, outcome });
  };
  if (response.status === 401 || response.status === 403) {
    report(`HTTP ${response.status}: credentials refused`);
    throw whmAuthRefused(connection, call.command, response.status);
  }
  const envelope = response.status === 200 ? parseWhmEnvelope(response.text) : null;
  if (!envelope) {
    report(response.status === 200 ? 'not an API 1 answer' : `HTTP ${response.status}`);
    throw unreadableAnswer(connection, call.command, response.status);
  }
  if (envelope.result === 0) {
    const reason = redact(envelope.reason, secrets);
    report(`result 0: ${reason || 'no reason given'}`);
    throw whmRefusal(connection, call.command, reason);
  }
  report('ok');
  return { data: envelope.data };
}
