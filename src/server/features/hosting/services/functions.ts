import * as contract from '../../../../common/hosting/servicesContract.ts';
import { PASSWORD_CHANGE_QUEUED } from '../../../../common/hosting/servicesTexts.ts';
import { implement } from '../../../rpc/registry.ts';
import { managesServices, requireServiceManager, requireServiceReader, requireServicesReader } from './policy.ts';
import { listServicesOfAccount } from './repository.ts';
import { openControlPanel, presentServices, queuePasswordChange } from './service.ts';

export const handlers = [
  implement(contract.listAccountServices, async ({ accountId }, { caller, services }) => {
    const role = await requireServicesReader(services.db, caller, accountId);
    const rows = await listServicesOfAccount(services.db, accountId);
    return { services: await presentServices(services, rows, managesServices(role)) };
  }),

  implement(contract.getAccountService, async ({ serviceId }, { caller, services }) => {
    const { service, role } = await requireServiceReader(services.db, caller, serviceId);
    const [presented] = await presentServices(services, [service], managesServices(role));
    return { service: presented };
  }),

  implement(contract.openServiceControlPanel, async ({ serviceId }, { caller, services, requestId, clientIp }) => {
    const service = await requireServiceManager(services.db, caller, serviceId);
    return { url: await openControlPanel(services, caller, service, clientIp ?? '127.0.0.1', requestId) };
  }),

  implement(contract.changeServicePassword, async ({ serviceId, password }, { caller, services }) => {
    const service = await requireServiceManager(services.db, caller, serviceId);
    await queuePasswordChange(services, caller, service, password);
    return { serviceId, message: PASSWORD_CHANGE_QUEUED };
  }),
];
