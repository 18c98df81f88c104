import {
  CLOUDFLARE_REGISTRAR, cloudflareNotRenewedYet, cloudflareRenewed, cloudflareUnreadable, RETRY_MESSAGES,
} from '../../../../common/admin/orders/texts.ts';
import { record } from '../../../audit/record.ts';
import { RegistrarError } from '../../../integrations/registrars/registrar.ts';
import { type BackOfficeCallContext, operatorOf } from '../../../rpc/context.ts';
import { findOrderView, type OperatorOrder, OrderMovedMeanwhile, recordManualCompletion, setDeskNotes, whereDomainIsHeld } from '../../domains/index.ts';
import { factsOf } from './facts.ts';

/** An operator is waiting on the answer. */
const CALL_TIMEOUT_MS = 20_000;
const DAY_MS = 86_400_000;
/**
 * A renewal's new expiry lies about `years` after the order was placed, less the days it was
 * placed ahead of expiry (14 for automatic ones) or after it (the grace period, about 30): an
 * expiry short of this by more than 45 days has not been renewed for this order.
 */
const RENEWAL_SLACK_DAYS = 45;

const reasonOf = (error: unknown) => (error instanceof RegistrarError ? error.message : 'it did not answer.');
const day = (iso: string | null) => iso?.slice(0, 10) ?? null;

/**
 * Retry forcing Cloudflare (spec: retry accepts dynadot, namecheap, cloudflare). Its API registers
 * nothing for us and renews only by its own auto-renew (reference/registrars.md §4), so: a
 * registration is refused before any call; a renewal of a name held at Cloudflare reads the name
 * there and completes the order when Cloudflare's expiry shows the renewal, else makes sure its
 * auto-renew is on (the one change its API allows) and says what the operator does next.
 */
export async function retryAtCloudflare(ctx: BackOfficeCallContext, order: OperatorOrder): Promise<{ ok: boolean; message: string }> {
  if (order.kind !== 'renewal') return { ok: false, message: RETRY_MESSAGES.cloudflareNoRegistration };
  const { services } = ctx;
  const held = await whereDomainIsHeld(services.db, order.domain);
  if (held?.supplierId !== CLOUDFLARE_REGISTRAR) return { ok: false, message: RETRY_MESSAGES.cloudflareNotHeld };
  const registrar = services.registrars.find((r) => r.id === CLOUDFLARE_REGISTRAR);
  const view = await findOrderView(services.db, order.id);
  if (!registrar || !view) return { ok: false, message: cloudflareUnreadable('Cloudflare is not configured on this server.') };

  let info;
  try {
    info = await registrar.getInfo(order.domain, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    return { ok: false, message: cloudflareUnreadable(reasonOf(error)) };
  }
  const theirs = info.expiresAt ? Date.parse(info.expiresAt) : null;
  const due = Date.parse(view.createdAt) + (view.registrationYears * 365 - RENEWAL_SLACK_DAYS) * DAY_MS;
  const renewed = theirs !== null && (theirs >= due || (held.expiresAt !== null && theirs > Date.parse(held.expiresAt)));
  if (renewed) {
    const done = await ctx.unitOfWork(async ({ tx }) => {
      const now = services.clock.nowIso();
      try {
        await recordManualCompletion(tx, services, order.id, {
          supplierId: CLOUDFLARE_REGISTRAR, registrarName: null, registrationId: `cloudflare-auto-renew-${day(info.expiresAt)}`,
          expiresAt: info.expiresAt!, nameservers: [],
        });
      } catch (error) {
        if (error instanceof OrderMovedMeanwhile) return false;
        throw error;
      }
      await setDeskNotes(tx.db, order.id, { notes: order.adminNotes, adminActionRequired: false }, now);
      await record(tx, {
        actor: operatorOf(ctx), actingAs: null, action: 'order.retry_found_done', target: { type: 'domain_order', id: order.id },
        before: factsOf(order), after: { status: 'completed', supplierId: CLOUDFLARE_REGISTRAR, expiresAt: info.expiresAt }, requestId: ctx.requestId, at: now,
      });
      return true;
    });
    return done ? { ok: true, message: cloudflareRenewed(day(info.expiresAt)!) } : { ok: false, message: RETRY_MESSAGES.notAllowed };
  }

  let autoRenew: 'was_on' | 'turned_on' | 'not_turned_on' = 'was_on';
  if (info.autoRenew !== true) {
    try {
      await registrar.setAutoRenew(order.domain, true, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      autoRenew = 'turned_on';
    } catch (error) {
      services.log.warn({ err: error, domain: order.domain }, 'Cloudflare auto-renew not turned on');
      autoRenew = 'not_turned_on';
    }
  }
  return { ok: false, message: cloudflareNotRenewedYet(day(info.expiresAt), autoRenew) };
}
