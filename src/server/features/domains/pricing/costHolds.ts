import type { TldCost } from '../../../integrations/registrars/registrar.ts';

/** A TLD's costs a sync keeps back from the price list for an operator. */
export interface HeldChange {
  tld: string;
  before: TldCost | null;
  after: TldCost;
  reason: string;
}

const LABELS = { registerCents: 'register', renewCents: 'renew', transferCents: 'transfer' } as const;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Why the move from `before` to `after` needs an operator, or null when it may be applied. */
function reasonFor(before: TldCost | null, after: TldCost, share: number): string | null {
  const reasons: string[] = [];
  if (!before) {
    // A new TLD at no cost would be sold for nothing; a free transfer (.uk at Nominet) is normal.
    for (const field of ['registerCents', 'renewCents'] as const) {
      if (after[field] === 0) reasons.push(`${LABELS[field]} cost is zero`);
    }
  } else {
    for (const field of ['registerCents', 'renewCents', 'transferCents'] as const) {
      const was = before[field];
      const now = after[field];
      if (was === null || now === null || was === now || was === 0) continue;
      if (now === 0) reasons.push(`${LABELS[field]} cost ${dollars(was)} → zero`);
      else if (Math.abs(now - was) / was > share) reasons.push(`${LABELS[field]} cost ${dollars(was)} → ${dollars(now)}`);
    }
    for (const action of ['register', 'renew'] as const) {
      for (const [years, now] of Object.entries(after.years?.[action] ?? {})) {
        const was = before.years?.[action]?.[Number(years)];
        if (was === undefined || now === undefined || was === now || was === 0) continue;
        if (now === 0 || Math.abs(now - was) / was > share) reasons.push(`${years}-year ${action} cost ${dollars(was)} → ${now === 0 ? 'zero' : dollars(now)}`);
      }
    }
  }
  return reasons.length > 0 ? reasons.join('; ') : null;
}

/**
 * Splits a supplier's new list into what is applied and what is held: a TLD whose cost moves by
 * more than `share` (0.5 = 50 %) or to zero keeps its previous costs (or stays unlisted when it is
 * new) until an operator approves the change. A sync that misreads a price list, or a registrar's
 * glitch, would otherwise reprice every order at once, possibly below cost.
 */
export function splitHeldChanges(before: Map<string, TldCost>, after: TldCost[], share: number): { applied: TldCost[]; held: HeldChange[] } {
  const applied: TldCost[] = [];
  const held: HeldChange[] = [];
  for (const cost of after) {
    const previous = before.get(cost.tld) ?? null;
    const reason = reasonFor(previous, cost, share);
    if (reason === null) {
      applied.push(cost);
      continue;
    }
    held.push({ tld: cost.tld, before: previous, after: cost, reason });
    if (previous) applied.push(previous);
  }
  return { applied, held };
}
