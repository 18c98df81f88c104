import * as contract from '../../../../common/hosting/adminServicesContract.ts';
import {
  ADMIN_SERVICE_NOT_FOUND, OPERATOR_SSO_NOT_ACTIVE, OPERATOR_SSO_SUSPENDED, OPERATOR_SSO_UNSUPPORTED,
} from '../../../../common/hosting/adminServicesTexts.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { renewalDatesOf } from '../../billing/index.ts';
import { findService } from '../services/repository.ts';
import { panelLoginUrl } from '../services/service.ts';
import { serviceDetail } from './detail.ts';
import { requireServicesOperator } from './policy.ts';
import { presentAdminService } from './present.ts';
import { filterOptions, listServices } from './repository.ts';

/** The operator's hosting services (issue 22): the list, one service with its job history, and single sign-on as the customer. */
export const handlers = [
  implement(contract.listHostingServices, async (input, { caller, services }) => {
    requireServicesOperator(caller);
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? contract.SERVICES_PAGE_SIZE;
    const { page: _page, pageSize: _size, ...filter } = input;
    const [{ rows, total }, options] = await Promise.all([listServices(services.db, { ...filter, page, pageSize }), filterOptions(services.db)]);
    const renewals = await renewalDatesOf(services.db, rows.map((r) => r.subscription_id).filter((id) => id !== null));
    const items = rows.map((r) => presentAdminService(r, r.subscription_id ? renewals.get(r.subscription_id) ?? null : null));
    return { items, total, page, pageSize, ...options };
  }),

  implement(contract.getHostingService, async ({ serviceId }, { caller, services }) => {
    requireServicesOperator(caller);
    const detail = await serviceDetail(services, serviceId);
    if (!detail) throw notFound(ADMIN_SERVICE_NOT_FOUND);
    return detail;
  }),

  // The panel is called with no transaction open; the audit entry is written once it answered, and never holds the URL.
  implementWithOutsideCalls(contract.openHostingPanelAsCustomer, async ({ serviceId }, ctx) => {
    requireServicesOperator(ctx.caller);
    const service = await findService(ctx.services.db, serviceId);
    if (!service) throw notFound(ADMIN_SERVICE_NOT_FOUND);
    const url = await panelLoginUrl(ctx.services, service, ctx.clientIp ?? '127.0.0.1', {
      notActive: OPERATOR_SSO_NOT_ACTIVE, suspended: OPERATOR_SSO_SUSPENDED, unsupported: OPERATOR_SSO_UNSUPPORTED,
    });
    await ctx.unitOfWork(async (unit) => {
      await record(unit.tx, {
        actor: operatorOf(unit), actingAs: null, action: 'hosting.sso_opened_by_operator', target: { type: 'hosting_service', id: service.id },
        after: { accountId: service.account_id, panel: service.panel, username: service.username }, requestId: unit.requestId, at: unit.services.clock.nowIso(),
      });
    });
    return { url };
  }),
];
