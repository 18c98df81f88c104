import type { z } from 'zod';
import type { PanelCallOptions, PanelConnection } from '../panel.ts';
import { panelFetch, panelName, unreadableAnswer } from '../panelHttp.ts';
import { errorOfAnswer, parseEnvelope, proxmoxError } from './proxmoxErrors.ts';

export type ProxmoxParams = Record<string, string | number | undefined>;

export interface ProxmoxCall {
  /** 'POST qemu/clone': the method and the API path without its values, for records and errors. */
  command: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below /api2/json, values already in place ('/nodes/pve/qemu/100/config'). */
  path: string;
  params?: ProxmoxParams;
  timeoutMs?: number;
  /** Values to cut out of anything the panel says back (a password being set). */
  secrets?: string[];
}

export interface ProxmoxClient {
  readonly connection: PanelConnection;
  /** The `data` of the answer; a PanelError for anything else. */
  call(call: ProxmoxCall, options?: PanelCallOptions): Promise<unknown>;
  /** The same, read through `schema`: an answer of another shape is not the API's. */
  read<T>(schema: z.ZodType<T>, call: ProxmoxCall, options?: PanelCallOptions): Promise<T>;
}

const encode = (params: ProxmoxParams = {}) => {
  const pairs = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(pairs.map(([key, value]) => [key, String(value)])).toString();
};

/**
 * Calls to `https://NODE:8006/api2/json/…` with `Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`
 * (no CSRF token with an API token). Reads and DELETE carry their parameters in the query, POST and
 * PUT in a form body; the token travels only in the header and is cut out of any message.
 */
export function createProxmoxClient(connection: PanelConnection): ProxmoxClient {
  const credentials = connection.credentials;
  if (credentials.kind !== 'proxmox') throw new Error(`a ${credentials.kind} server's credentials cannot open Proxmox VE`);
  const authorization = `PVEAPIToken=${credentials.tokenId}=${credentials.secret}`;
  const tokenSecrets = [credentials.secret];

  async function call(request: ProxmoxCall, options: PanelCallOptions = {}): Promise<unknown> {
    const inBody = request.method === 'POST' || request.method === 'PUT';
    const encoded = encode(request.params);
    const query = !inBody && encoded ? `?${encoded}` : '';
    const response = await panelFetch(connection, {
      command: request.command,
      method: request.method,
      path: `/api2/json${request.path}${query}`,
      headers: { authorization, accept: 'application/json', ...(inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: inBody ? encoded : undefined,
      timeoutMs: request.timeoutMs,
    }, options);
    const write = request.method !== 'GET';
    const secrets = [...tokenSecrets, ...(request.secrets ?? [])];
    if (response.status < 200 || response.status >= 300) throw errorOfAnswer(response, request.command, write, secrets);
    const envelope = parseEnvelope(response.text);
    if (!envelope) {
      if (write) throw unreadableAnswer(connection, request.command, response.status);
      throw unreadableRead(request.command, response.status);
    }
    return envelope.data;
  }

  return {
    connection,
    call,
    async read(schema, request, options) {
      const data = await call(request, options);
      const parsed = schema.safeParse(data);
      if (parsed.success) return parsed.data;
      if (request.method !== 'GET') throw unreadableAnswer(connection, request.command, 200);
      throw unreadableRead(request.command, 200);
    },
  };
}

/** A read answered with something that is not the API's: nothing was done, try again later. */
function unreadableRead(command: string, status: number) {
  return proxmoxError('unavailable', `${panelName('proxmox')} answered ${command} with something that is not its API's answer (HTTP ${status}).`, command, String(status));
}
