/**
 * The body a delivery sends: the envelope, or the webhook's payload transform rendered on the
 * event (the rule agreed with the webhook functions, which validate templates at save).
 */
export interface EngineEvent {
  id: string;
  type: string;
  severity: string;
  source: string;
  createdAt: string;
  accountId: string | null;
  actorUserId: string | null;
  correlationId: string | null;
  payload: Record<string, unknown>;
  context: Record<string, unknown>;
}

export function envelopeOf(event: EngineEvent) {
  return {
    id: event.id,
    type: event.type,
    timestamp: event.createdAt,
    severity: event.severity,
    source: event.source,
    accountId: event.accountId,
    correlationId: event.correlationId,
    data: event.payload,
    context: event.context,
  };
}

/** The fields a template path (and a flow condition path) can reach. */
export function eventFields(event: EngineEvent): Record<string, unknown> {
  return {
    id: event.id, type: event.type, severity: event.severity, source: event.source, createdAt: event.createdAt,
    accountId: event.accountId, correlationId: event.correlationId, payload: event.payload, context: event.context,
  };
}

const WHOLE = /^\{\{\s*([A-Za-z0-9_.]+)\s*\}\}$/;
const INLINE = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

export function valueAt(root: unknown, path: string): unknown {
  let here: unknown = root;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "{{path}}" alone becomes the value (null when missing); inside a longer string, its text. */
export function renderTemplate(template: unknown, fields: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return valueAt(fields, whole[1]) ?? null;
    return template.replace(INLINE, (_, path: string) => asText(valueAt(fields, path)));
  }
  if (Array.isArray(template)) return template.map((item) => renderTemplate(item, fields));
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, renderTemplate(value, fields)]));
  }
  return template;
}

/**
 * The exact text sent and signed. A template that no longer parses (saved before validation
 * existed, or edited in the database) falls back to the envelope rather than losing the event.
 */
export function deliveryBody(event: EngineEvent, transform: { enabled: boolean; template: string | null }): string {
  if (transform.enabled && transform.template) {
    try {
      return JSON.stringify(renderTemplate(JSON.parse(transform.template), eventFields(event)));
    } catch {
      // fall through to the envelope
    }
  }
  return JSON.stringify(envelopeOf(event));
}
