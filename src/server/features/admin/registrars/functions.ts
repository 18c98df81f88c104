import * as registrars from '../../../../common/admin/registrars/contract.ts';
import {
  NO_DOMAIN_LIST, LAST_SUPPLIER_CODE, lastSupplierWarning, SANDBOX_BESIDE_REAL, SUPPLIER_NOT_CONFIGURED, SUPPLIER_NOT_FOUND,
} from '../../../../common/admin/registrars/texts.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { failedPrecondition, FunctionError, notFound } from '../../../rpc/errors.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { findSupplier, setSupplierActiveRow, syncSupplierDomainList, tldsOnlyThisSupplierSells } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';
import { testRegistrar } from './apiTest.ts';
import { ADAPTER_IDS, registrarHealth } from './health.ts';

/** /super-admin/registrars (issue 19): suppliers, their health, activation and an API test. */
export const handlers = [
  implement(registrars.getRegistrarHealth, async (_input, { caller, services }) => {
    requireOperator(caller);
    return { success: true as const, windowDays: registrars.HEALTH_WINDOW_DAYS, suppliers: await registrarHealth(services) };
  }),

  implement(registrars.setSupplierActive, async ({ supplierId, isActive, confirm }, ctx) => {
    requireOperator(ctx.caller);
    const { services, tx } = ctx;
    const supplier = await findSupplier(tx.db, supplierId);
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    let warned: { tlds: string[]; domains: number } | null = null;
    if (isActive) {
      // docs/decisions.md, "Configuration that cannot lose money".
      if (supplierId === 'sandbox' && services.registrars.some((r) => r.id !== 'sandbox')) throw failedPrecondition(SANDBOX_BESIDE_REAL);
      if (!services.registrars.some((r) => r.id === supplierId)) throw failedPrecondition(SUPPLIER_NOT_CONFIGURED);
    } else if (supplier.is_active) {
      const alone = await tldsOnlyThisSupplierSells(tx.db, supplierId);
      if (alone.tlds.length > 0) {
        if (!confirm) {
          throw new FunctionError('FAILED_PRECONDITION', lastSupplierWarning(supplier.name, alone.tlds, alone.domains), { code: LAST_SUPPLIER_CODE, ...alone });
        }
        warned = alone;
      }
    }
    const changed = await setSupplierActiveRow(tx.db, supplierId, isActive);
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: isActive ? 'registrars.supplier_activated' : 'registrars.supplier_deactivated',
      target: { type: 'domain_supplier', id: supplierId }, before: { isActive: Boolean(supplier.is_active) },
      after: { isActive, changed, ...(warned ? { confirmedLastSupplierFor: warned } : {}) }, requestId: ctx.requestId, at: services.clock.nowIso(),
    });
    return { success: true as const, supplier: { id: supplier.id, name: supplier.name, isActive }, changed };
  }),

  implementWithOutsideCalls(registrars.testRegistrarApi, async ({ supplier: supplierId, domain }, ctx) => {
    requireOperator(ctx.caller);
    const supplier = await findSupplier(ctx.services.db, supplierId);
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    const registrar = ctx.services.registrars.find((r) => r.id === supplierId);
    if (!registrar) throw failedPrecondition(ADAPTER_IDS.includes(supplierId) ? SUPPLIER_NOT_CONFIGURED : `${supplier.name}: Coming soon.`);
    const outcome = await testRegistrar(ctx, registrar, domain);
    await ctx.unitOfWork(async (unit) => record(unit.tx, {
      actor: operatorOf(unit), actingAs: null, action: 'registrars.api_tested', target: { type: 'domain_supplier', id: supplierId },
      after: { domain, success: outcome.success, error: outcome.error }, requestId: unit.requestId, at: unit.services.clock.nowIso(),
    }));
    return outcome;
  }),

  implementWithOutsideCalls(registrars.syncSupplierDomains, async ({ supplier: supplierId }, ctx) => {
    requireOperator(ctx.caller);
    const supplier = await findSupplier(ctx.services.db, supplierId);
    if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
    const registrar = ctx.services.registrars.find((r) => r.id === supplierId);
    if (!registrar) throw failedPrecondition(ADAPTER_IDS.includes(supplierId) ? SUPPLIER_NOT_CONFIGURED : NO_DOMAIN_LIST(supplier.name));
    return syncSupplierDomainList(ctx.services, registrar, { id: supplier.id, name: supplier.name }, {
      requestedBy: ctx.caller.userId,
      finish: (result, also) => ctx.unitOfWork(async (unit) => {
        await also(unit.tx);
        await record(unit.tx, {
        actor: operatorOf(unit), actingAs: null, action: 'registrars.domains_synced', target: { type: 'domain_supplier', id: supplierId },
        after: { success: result.success, totals: result.totals, error: result.error, runId: result.runId }, requestId: unit.requestId, at: unit.services.clock.nowIso(),
        });
      }),
    });
  }),
];
