/**
 * The WHM API 1 envelope: `{ data, metadata: { command, result 0|1, reason, version 1, output } }`,
 * HTTP 200 for business errors too. Anything else (WHM API 0's `{ result: [{ status }] }` when
 * `api.version=1` went missing, a login page, a proxy's body) is not an API 1 answer.
 */
export interface WhmEnvelope {
  data: Record<string, unknown>;
  result: 0 | 1;
  /** metadata.reason with WHM's `API failure: (XID …)` prefix cut off; '' when none was given. */
  reason: string;
}

export function parseWhmEnvelope(text: string): WhmEnvelope | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body) || !isRecord(body.metadata)) return null;
  const { metadata } = body;
  const result = Number(metadata.result);
  if (result !== 0 && result !== 1) return null;
  return {
    data: isRecord(body.data) ? body.data : {},
    result,
    reason: typeof metadata.reason === 'string' ? cleanReason(metadata.reason) : '',
  };
}

function cleanReason(reason: string): string {
  return reason.trim().replace(/^(API failure: )?\(XID \w+\) /, '').trim();
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries of a list in `data` (`data.acct[]`, `data.pkg[]`), skipping anything that is not an object. */
export function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
