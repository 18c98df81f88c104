import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '../../../../common/billing/billing.ts';
import type { HostingStepAction } from '../../../db/tables/hosting.ts';
import type { Tx } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { Services } from '../../../rpc/context.ts';
import { findPriceById } from '../../catalog/index.ts';
import {
  type BillingService, findMapping, type HostingMapping, findOrderFields, lockServiceOfSubscription, insertOrderedService, unfinishedSteps, updateService,
} from './billingRepository.ts';
import { requestStep, type StepRequest } from './requestStep.ts';

/** A subscription as billing just wrote it: what decides the lifecycle of its hosting service. */
export interface SubscriptionFacts {
  /** The portal's subscription id. */
  subscriptionId: string;
  accountId: string;
  status: SubscriptionStatus;
  /** The portal's price id; null for a price the catalogue does not know. */
  priceId: string | null;
  /** Our checkout's id from the subscription's metadata: where the order-time fields wait. */
  checkoutSessionId: string | null;
}

type Deps = Pick<Services, 'jobs' | 'clock' | 'log' | 'config'>;

/** Paid for (the first invoice, or a trial): the service exists and stays up. */
const RUNNING: SubscriptionStatus[] = ['active', 'trialing'];
/** Over for good, or until an operator steps in: suspended now, removed by the sweep later. */
const ENDED: SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];

/**
 * Decides, in billing's unit of work, what a subscription's change means for its hosting service
 * (reference/provisioning.md section 1, WHMCS's rules): the first payment creates it, past due
 * starts the grace that the sweep ends with a suspension (no grace configured: suspended at once),
 * payment lifts a suspension for non-payment (never an operator's), the end suspends it and starts
 * the wait before termination, and a change of plan changes the package. Steps are only requested here; the runner carries
 * them out. A subscription whose plan does not provision has no service and nothing happens.
 */
export async function driveHostingFromSubscription(tx: Tx, services: Deps, facts: SubscriptionFacts): Promise<void> {
  const service = await lockServiceOfSubscription(tx.db, facts.subscriptionId);
  if (service?.status === 'terminated') return;
  const price = facts.priceId ? await findPriceById(tx.db, facts.priceId) : undefined;
  const mapping = price ? await findMapping(tx.db, price.productId) : undefined;
  const now = services.clock.nowIso();

  if (!service) {
    if (price && mapping && RUNNING.includes(facts.status)) await createService(tx, services, facts, { ...mapping, productName: price.productName }, now);
    return;
  }

  const steps = new StepsOf(tx, services, service.id);
  await steps.load();
  if (price && mapping && price.productId !== service.product_id) {
    await changePlan(tx, steps, service, { productId: price.productId, productName: price.productName, package: mapping.package }, now);
  }
  if (RUNNING.includes(facts.status)) {
    if (service.past_due_since !== null || service.ended_at !== null) await updateService(tx.db, service.id, { past_due_since: null, ended_at: null, updated_at: now });
    // A suspension for non-payment, done or still on its way, is lifted; an operator's stays (WHMCS's rule).
    const overdueSuspension = (service.status === 'suspended' && service.suspend_reason === 'overdue') || steps.pendingOverdueSuspension();
    if (overdueSuspension) await steps.request('unsuspend');
  } else if (facts.status === 'past_due') {
    if (service.past_due_since === null) {
      await updateService(tx.db, service.id, { past_due_since: now, updated_at: now });
      // No grace configured: suspended as the payment fails, not at the sweep's next round minutes later
      // (the step is stamped from now, so the sweep sees it as this episode's and asks for no second one).
      if (services.config.HOSTING_SUSPEND_GRACE_DAYS === 0 && service.status === 'active') await steps.request('suspend', { reason: 'overdue' });
    }
  } else if (ENDED.includes(facts.status) && service.ended_at === null) {
    await updateService(tx.db, service.id, { ended_at: now, updated_at: now });
    if (service.status === 'active') await steps.request('suspend', { reason: 'overdue' });
  }
}

async function createService(
  tx: Tx, services: Deps, facts: SubscriptionFacts, plan: HostingMapping & { productName: string }, now: string,
) {
  const fields = facts.checkoutSessionId
    ? await findOrderFields(tx.db, { checkoutSessionId: facts.checkoutSessionId, accountId: facts.accountId, productId: plan.productId })
    : undefined;
  const domain = fields?.domain ?? null;
  if (plan.orderFields.includes('domain') && domain === null) {
    // Bought outside the portal's checkout (the provider's dashboard): an operator gives the domain before the create succeeds.
    services.log.warn({ subscriptionId: facts.subscriptionId }, 'hosting service ordered without the primary domain its plan asks for');
  }
  const id = randomUUID();
  const inserted = await insertOrderedService(tx.db, {
    id, accountId: facts.accountId, subscriptionId: facts.subscriptionId, productId: plan.productId, productName: plan.productName,
    panel: plan.panel, domain, package: plan.package, now,
  });
  if (!inserted) return;
  await requestStep(tx, services, { serviceId: id, action: 'create', requestedBy: null });
  await recordEvent(tx, {
    type: 'hosting.service.created', accountId: facts.accountId,
    payload: { serviceId: id, subscriptionId: facts.subscriptionId, productName: plan.productName, panel: plan.panel, domain },
    at: now,
  });
}

/**
 * An upgrade or downgrade: the service follows the new product. Before the account exists the
 * create simply uses the new package; afterwards the panel is asked to change it.
 */
async function changePlan(tx: Tx, steps: StepsOf, service: BillingService, plan: { productId: string; productName: string; package: string }, now: string) {
  const pending = service.status === 'pending';
  await updateService(tx.db, service.id, {
    product_id: plan.productId, product_name: plan.productName, updated_at: now, ...(pending ? { package: plan.package } : {}),
  });
  if (!pending && plan.package !== service.package) await steps.request('change_package', { package: plan.package });
}

/** The service's unfinished steps, so that no action is requested while one of the same kind is still on its way. */
class StepsOf {
  private unfinished: Awaited<ReturnType<typeof unfinishedSteps>> = [];

  constructor(private readonly tx: Tx, private readonly services: Deps, private readonly serviceId: string) {}

  async load() {
    this.unfinished = await unfinishedSteps(this.tx.db, this.serviceId);
  }

  pendingOverdueSuspension(): boolean {
    return this.unfinished.some((step) => step.action === 'suspend' && step.input.reason === 'overdue');
  }

  async request(action: HostingStepAction, input?: StepRequest['input']) {
    if (this.unfinished.some((step) => step.action === action)) return;
    await requestStep(this.tx, this.services, { serviceId: this.serviceId, action, input, requestedBy: null });
    this.unfinished.push({ action, input: input ?? {} });
  }
}
