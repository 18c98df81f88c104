import type { FastifyBaseLogger } from 'fastify';
import type { AvailabilityResult, Registrar } from '../../../integrations/registrars/registrar.ts';

/** How long a search waits for one supplier; the suppliers are asked in parallel, so a search waits at most about this long. */
export const SUPPLIER_CHECK_TIMEOUT_MS = 5_000;

export interface NameToCheck {
  domain: string;
  /** The supplier asked about it; null when no configured registrar sells its TLD. */
  registrar: Registrar | null;
}

/** A supplier's answer for one name, or null when it could not be had (failure, time-out, a name left out). */
export type Answers = Map<string, AvailabilityResult | null>;

class SupplierTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms.`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `work` with a signal that aborts after `ms`, and stops waiting then even if the work
 * ignores its signal: one supplier must never hold a search beyond its time-out.
 */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const reason = new SupplierTimeout(ms);
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks each supplier once about all of its names (its adapter batches to the API's limit), every
 * supplier at the same time, each under its own time-out: a slow supplier costs one time-out,
 * not a sum, and a failing one takes only its own names down.
 */
export async function checkPerSupplier(names: readonly NameToCheck[], timeoutMs: number, log: FastifyBaseLogger): Promise<Answers> {
  const answers: Answers = new Map(names.map((name) => [name.domain, null]));
  const groups = new Map<Registrar, string[]>();
  for (const { domain, registrar } of names) {
    if (registrar) groups.set(registrar, [...(groups.get(registrar) ?? []), domain]);
  }
  await Promise.all([...groups].map(async ([registrar, domains]) => {
    try {
      const results = await withTimeout(timeoutMs, (signal) => registrar.checkAvailability(domains, { signal }));
      // By name, not position: an adapter that drops or reorders a name must not shift the others.
      for (const result of results) {
        const domain = result.domain.toLowerCase();
        if (answers.has(domain) && domains.includes(domain)) answers.set(domain, result);
      }
    } catch (failure) {
      const error = failure as Error & { kind?: string };
      log.warn({ registrar: registrar.id, names: domains.length, kind: error.kind ?? error.name, message: error.message },
        'domain search: a supplier did not answer');
    }
  }));
  return answers;
}
