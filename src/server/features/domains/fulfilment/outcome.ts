import { randomBytes } from 'node:crypto';
import { liveTopics } from '../../../../common/live.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { MailMessage } from '../../../integrations/mail/mailer.ts';
import type { DomainContacts } from '../../../integrations/registrars/registrar.ts';
import type { Services } from '../../../rpc/context.ts';
import { findDomainByName, insertDomain } from '../records.ts';
import { fulfilmentFailedMail, registeredMail, renewedMail } from './mail.ts';
import { orderRecipient } from './repository.ts';
import { type OrderRow, transitionOrder } from '../orders/repository.ts';

/**
 * How a processing order ends, each in one unit of work with what it causes: the domain row,
 * the order's move, the platform events, the live message and the e-mail commit together.
 */

export interface Registered {
  /** Null for a manual completion at a registrar we do not hold as a supplier ('other'). */
  supplierId: string | null;
  registrarOrderId: string | null;
  expiresAt: string;
  nameservers: string[];
  contacts: DomainContacts | null;
  /** What the registrar said it charged us, where it says. */
  chargedCents?: number | null;
  /** False when the registrar did not set up the privacy ordered (Enom: ID Protect is not sold); absent: as ordered. */
  privacy?: boolean;
}

/** 'taken': the name sits in another account's domains, so what the supplier holds is not this order's. */
export type CompletionResult = 'completed' | 'not_processing' | 'taken';

/** Thrown inside the unit of work to roll back its writes when the order moved meanwhile. */
export class OrderMovedMeanwhile extends Error {}

async function mailOrderer(tx: Tx, services: Services, order: OrderRow, mail: (to: string) => MailMessage): Promise<void> {
  const to = await orderRecipient(tx.db, order);
  if (to) await services.mailer.send(tx, mail(to));
  else services.log.warn({ orderId: order.id }, 'domain order has nobody to e-mail');
}

async function complete(services: Services, order: OrderRow, work: (tx: Tx) => Promise<'completed' | 'taken'>): Promise<CompletionResult> {
  try {
    return await inTransaction(services.db, work, services.log);
  } catch (error) {
    if (!(error instanceof OrderMovedMeanwhile)) throw error;
    services.log.warn({ orderId: order.id }, 'domain order left processing while its supplier call ran; the result is in its attempts');
    return 'not_processing';
  }
}

export function completeRegistration(services: Services, order: OrderRow, registered: Registered): Promise<CompletionResult> {
  return complete(services, order, (tx) => recordRegistration(tx, services, order, registered));
}

/**
 * The registration's writes in the caller's unit of work (the job's own, or the back office's
 * manual completion): the domain row, the order completed, events, live message, e-mail.
 * Throws OrderMovedMeanwhile when the order can no longer complete.
 */
export async function recordRegistration(tx: Tx, services: Services, order: OrderRow, registered: Registered): Promise<'completed' | 'taken'> {
  {
    const now = services.clock.nowIso();
    const existing = await findDomainByName(tx.db, order.domain);
    if (existing && existing.account_id !== order.account_id) return 'taken';
    const domainId = existing?.id ?? `dom_${randomBytes(12).toString('base64url')}`;
    if (!existing) {
      await insertDomain(tx.db, {
        id: domainId, accountId: order.account_id, name: order.domain, tld: order.tld, supplierId: registered.supplierId,
        registrationId: registered.registrarOrderId, registrationDate: now, expirationDate: registered.expiresAt,
        autoRenew: order.auto_renew, privacy: order.privacy_protection && registered.privacy !== false, locked: true,
        nameservers: registered.nameservers, contacts: registered.contacts, now,
      });
    }
    // From any state that may complete: the name is registered, whatever an operator decided meanwhile.
    const moved = await transitionOrder(tx.db, order.id, 'completed', {
      registration_status: 'registered', supplier_id: registered.supplierId, registration_id: registered.registrarOrderId,
      registration_date: now, expiration_date: registered.expiresAt, domain_id: domainId, completed_at: now, error: null, updated_at: now,
      registrar_charged_cents: registered.chargedCents ?? null,
      ...(registered.privacy === false ? { privacy_protection: false } : {}),
    });
    if (!moved) throw new OrderMovedMeanwhile();
    const facts = { orderId: order.id, domain: order.domain, supplierId: registered.supplierId, expirationDate: registered.expiresAt };
    await recordEvent(tx, { type: 'order.domain.completed', accountId: order.account_id, correlationId: order.id, payload: { ...facts, kind: order.kind }, at: now });
    if (!existing) await recordEvent(tx, { type: 'domain.registered', accountId: order.account_id, correlationId: order.id, payload: { ...facts, domainId }, at: now });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    await mailOrderer(tx, services, order, (to) => registeredMail({
      to, domain: order.domain, orderId: order.id, publicUrl: services.config.PUBLIC_URL, years: order.years, expiresAt: registered.expiresAt,
    }));
    return 'completed';
  }
}

export interface Renewed {
  supplierId: string | null;
  domainId: string;
  registrarOrderId: string | null;
  expiresAt: string;
  /** What the registrar said it charged us, where it says. */
  chargedCents?: number | null;
}

export function completeRenewal(services: Services, order: OrderRow, renewed: Renewed): Promise<CompletionResult> {
  return complete(services, order, (tx) => recordRenewal(tx, services, order, renewed));
}

/** The renewal's writes in the caller's unit of work; throws OrderMovedMeanwhile when the order can no longer complete. */
export async function recordRenewal(tx: Tx, services: Services, order: OrderRow, renewed: Renewed): Promise<'completed'> {
  {
    const now = services.clock.nowIso();
    await tx.db.updateTable('domains').set({ expiration_date: renewed.expiresAt, status: 'active', updated_at: now })
      .where('id', '=', renewed.domainId).execute();
    const moved = await transitionOrder(tx.db, order.id, 'completed', {
      registration_status: 'registered', supplier_id: renewed.supplierId, registration_id: renewed.registrarOrderId,
      expiration_date: renewed.expiresAt, domain_id: renewed.domainId, completed_at: now, error: null, updated_at: now,
      registrar_charged_cents: renewed.chargedCents ?? null,
    });
    if (!moved) throw new OrderMovedMeanwhile();
    const facts = { orderId: order.id, domain: order.domain, supplierId: renewed.supplierId, expirationDate: renewed.expiresAt };
    await recordEvent(tx, { type: 'order.domain.completed', accountId: order.account_id, correlationId: order.id, payload: { ...facts, kind: order.kind }, at: now });
    await recordEvent(tx, {
      type: 'domain.renewed', accountId: order.account_id, correlationId: order.id, payload: { ...facts, domainId: renewed.domainId, years: order.years }, at: now,
    });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    await mailOrderer(tx, services, order, (to) => renewedMail({
      to, domain: order.domain, orderId: order.id, publicUrl: services.config.PUBLIC_URL, years: order.years, expiresAt: renewed.expiresAt,
    }));
    return 'completed';
  }
}

/** The customer's sentence of a failed order; the suppliers' own words stay in the attempts. */
export function failureSentence(order: Pick<OrderRow, 'kind' | 'domain'>, everySupplierSaidTaken: boolean): string {
  if (order.kind === 'renewal') return `${order.domain} could not be renewed. Our team has been notified and will retry or refund your payment.`;
  if (everySupplierSaidTaken) return `${order.domain} could not be registered: the name is no longer available.`;
  return `No registrar could register ${order.domain}. Our team has been notified and will retry or refund your payment.`;
}

/**
 * Every supplier refused: the order fails and waits for an operator (retry or refund). The
 * payment stays recorded as paid: nothing here touches it.
 */
export async function failOrder(services: Services, order: OrderRow, error: string, attempts: number): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const now = services.clock.nowIso();
    const moved = await transitionOrder(tx.db, order.id, 'failed', {
      registration_status: 'failed', error, admin_action_required: true, updated_at: now,
    }, 'processing');
    if (!moved) return false;
    await recordEvent(tx, {
      type: 'order.domain.failed', accountId: order.account_id, correlationId: order.id, severity: 'warning',
      payload: { orderId: order.id, domain: order.domain, kind: order.kind, reason: error, attempts }, at: now,
    });
    services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    await mailOrderer(tx, services, order, (to) => fulfilmentFailedMail({
      to, domain: order.domain, orderId: order.id, publicUrl: services.config.PUBLIC_URL, renewal: order.kind === 'renewal',
      error, totalCents: order.total_cents, currency: order.currency,
    }));
    return true;
  }, services.log);
}

/**
 * The job gave up without knowing the outcome (a supplier it must ask first never answered):
 * an operator takes over rather than the order sitting in processing for ever.
 */
export async function parkForOperator(services: Services, order: Pick<OrderRow, 'id' | 'domain' | 'kind'>): Promise<boolean> {
  return inTransaction(services.db, async (tx) => {
    const verb = order.kind === 'renewal' ? 'renewal' : 'registration';
    const moved = await transitionOrder(tx.db, order.id, 'requires_manual_processing', {
      error: `We could not confirm the ${verb} of ${order.domain} with our registrar yet. Our team has been notified and will complete it.`,
      admin_action_required: true, updated_at: services.clock.nowIso(),
    }, 'processing');
    if (moved) services.live.publish(tx, liveTopics.domainOrder(order.id), 'domain_order.changed');
    return moved;
  }, services.log);
}
