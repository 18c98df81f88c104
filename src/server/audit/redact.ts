import { HIDDEN_VALUE } from '../../common/admin/audit/texts.ts';

// Writers record who changed what, never secrets; this is the second line should one ever slip in.
const SECRET_KEY = /password|secret|token|api_?key|transfer_?code|auth_?code|epp_?code/i;

/** The recorded JSON read back, every value under a secret-sounding key replaced; text that is not JSON stays text. */
export function readRecordedState(json: string | null): unknown {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  return withoutSecrets(value);
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? HIDDEN_VALUE : withoutSecrets(inner)]));
}
