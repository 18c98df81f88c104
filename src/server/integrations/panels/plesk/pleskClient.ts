import type { PanelCallOptions, PanelCallRecord, PanelConnection } from '../panel.ts';
import { panelFetch, unreadableAnswer } from '../panelHttp.ts';
import { pleskError, safeReason } from './pleskErrors.ts';
import { buildPacket, child, children, parsePacket, textAt, type XmlElement, type XmlFields } from './pleskXml.ts';

export const PLESK_AGENT_PATH = '/enterprise/control/agent.php';

export interface PleskCall {
  /** 'customer.add', 'customer.get+webspace.get': names the call in records and errors. */
  command: string;
  /** The packet's operations in XSD order: { customer: { add: { gen_info: … } } }. */
  operations: XmlFields;
  timeoutMs?: number;
  /** Values sent in this call that must never come back in an error (a new password). */
  secrets?: string[];
}

/** The credential headers: a secret key (`KEY`) or an administrator's login and password. */
function authHeaders(connection: PanelConnection): Record<string, string> {
  const { credentials } = connection;
  if (credentials.kind !== 'plesk') throw new Error('Plesk adapter given another panel\'s credentials');
  if ('secretKey' in credentials) return { KEY: credentials.secretKey };
  return { HTTP_AUTH_LOGIN: credentials.login, HTTP_AUTH_PASSWD: credentials.password };
}

/**
 * Sends one packet and answers its parsed `<packet>`. A pre-execution failure (bad credentials,
 * XML the schema refuses) comes back as `<system>` with HTTP 200 and becomes a PanelError; an
 * answer that is not a packet at all is 'unknown' (the panel may have acted behind a proxy's page).
 * Per-operation errors are left to `resultsOf`, since a packet may carry several operations.
 */
export async function pleskCall(connection: PanelConnection, call: PleskCall, options: PanelCallOptions = {}): Promise<XmlElement> {
  // The HTTP exchange is recorded once its body is read, so the record tells a business error from success.
  let exchange: PanelCallRecord | null = null;
  const record = (outcome?: string) => { if (exchange) options.record?.(outcome ? { ...exchange, outcome } : exchange); };
  let response: Awaited<ReturnType<typeof panelFetch>>;
  try {
    response = await panelFetch(connection, {
      command: call.command,
      method: 'POST',
      path: PLESK_AGENT_PATH,
      headers: { 'Content-Type': 'text/xml; charset=UTF-8', ...authHeaders(connection) },
      body: buildPacket(call.operations),
      timeoutMs: call.timeoutMs,
    }, { signal: options.signal, record: (entry) => { exchange = entry; } });
  } catch (error) {
    record();
    throw error;
  }
  const packet = response.status === 200 ? parsePacket(response.text) : null;
  if (!packet) {
    record(response.status === 200 ? 'not an API answer' : undefined);
    throw unreadableAnswer(connection, call.command, response.status);
  }
  const system = child(packet, 'system');
  const failed = system ?? packet.children.flatMap((object) => object.children.flatMap((operation) => children(operation, 'result'))).find(resultFailed);
  record(failed ? `error ${textAt(failed, 'errcode')}: ${safeReason(connection, textAt(failed, 'errtext'), call.secrets)}` : undefined);
  if (system) throw pleskError(connection, call.command, textAt(system, 'errcode'), textAt(system, 'errtext'), call.secrets);
  return packet;
}

/** The `<result>` elements of one operation in an answer (`customer`, `get`). */
export function resultsOf(packet: XmlElement, object: string, operation: string): XmlElement[] {
  return children(child(child(packet, object), operation), 'result');
}

export const resultFailed = (result: XmlElement) => textAt(result, 'status') !== 'ok';
export const resultCode = (result: XmlElement) => textAt(result, 'errcode');

/**
 * The results of an operation that must all have succeeded: the first error becomes a PanelError
 * with the panel's text. No result at all is an answer the adapter cannot read.
 */
export function okResults(connection: PanelConnection, call: PleskCall, packet: XmlElement, object: string, operation: string): XmlElement[] {
  const results = resultsOf(packet, object, operation);
  if (results.length === 0) throw unreadableAnswer(connection, call.command, 200);
  const failed = results.find(resultFailed);
  if (failed) throw pleskError(connection, call.command, resultCode(failed), textAt(failed, 'errtext'), call.secrets);
  return results;
}

/** Sends a packet of one operation and answers its single successful result. */
export async function pleskOperation(connection: PanelConnection, call: PleskCall, options?: PanelCallOptions): Promise<XmlElement> {
  const packet = await pleskCall(connection, call, options);
  const [object] = Object.keys(call.operations);
  const [operation] = Object.keys(call.operations[object!] as XmlFields);
  return okResults(connection, call, packet, object!, operation!)[0]!;
}
