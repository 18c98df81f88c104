import type { FunctionHandler } from '../rpc/registry.ts';
import { handlers as accounts } from './accounts/functions.ts';
import { handlers as adminAccounts } from './admin/accounts/functions.ts';
import { handlers as adminAudit } from './admin/audit/functions.ts';
import { handlers as adminCostHolds } from './admin/costHolds/functions.ts';
import { handlers as adminDashboard } from './admin/dashboard/functions.ts';
import { handlers as adminDomainDetail } from './admin/domainDetail/functions.ts';
import { handlers as adminPortfolio } from './admin/portfolio/functions.ts';
import { handlers as adminDeliveries } from './admin/deliveries/functions.ts';
import { handlers as adminDomainInventory } from './admin/domainInventory/functions.ts';
import { handlers as adminEvents } from './admin/events/functions.ts';
import { handlers as adminFlows } from './admin/flows/functions.ts';
import { handlers as adminImpersonation } from './admin/impersonation/functions.ts';
import { handlers as adminMail } from './admin/mail/functions.ts';
import { handlers as adminOrders } from './admin/orders/functions.ts';
import { handlers as adminProducts } from './admin/products/functions.ts';
import { handlers as adminRegistrars } from './admin/registrars/functions.ts';
import { handlers as adminSupport } from './admin/support/functions.ts';
import { handlers as adminUsers } from './admin/users/functions.ts';
import { handlers as adminWebhooks } from './admin/webhooks/functions.ts';
import { handlers as adminWhois } from './admin/whois/functions.ts';
import { handlers as adminWhmcsImport } from './admin/whmcsImport/functions.ts';
import { handlers as billing } from './billing/functions.ts';
import { handlers as catalog } from './catalog/functions.ts';
import { handlers as dashboard } from './dashboard/functions.ts';
import { handlers as domains } from './domains/functions.ts';
import { handlers as hostingProducts } from './hosting/products/functions.ts';
import { handlers as hostingServers } from './hosting/servers/functions.ts';
import { handlers as hostingQueue } from './hosting/queue/functions.ts';
import { handlers as hostingAdminServices } from './hosting/adminServices/functions.ts';
import { handlers as hostingImport } from './hosting/import/functions.ts';
import { handlers as hostingServices } from './hosting/services/functions.ts';
import { handlers as invitations } from './invitations/functions.ts';
import { handlers as members } from './members/functions.ts';
import { handlers as profile } from './profile/functions.ts';
import { handlers as testPayments } from './testPayments/functions.ts';
import { handlers as tickets } from './tickets/functions.ts';

/**
 * Every callable function, by area. The order is the order of /api/docs, which a stored copy pins
 * (test/integration/openApiSnapshot.test.ts): a back-office desk follows the customer area it serves.
 */
export const handlers: FunctionHandler[] = [
  ...accounts,
  ...profile,
  ...members,
  ...invitations,
  ...tickets,
  ...adminSupport,
  ...dashboard,
  ...catalog,
  ...adminProducts,
  ...billing,
  ...testPayments,
  ...domains,
  ...hostingServices,
  ...adminOrders,
  ...adminCostHolds,
  ...adminDomainDetail,
  ...adminDashboard,
  ...adminPortfolio,
  ...adminRegistrars,
  ...adminUsers,
  ...adminAccounts,
  ...adminImpersonation,
  ...adminMail,
  ...adminAudit,
  ...adminDeliveries,
  ...adminWebhooks,
  ...adminFlows,
  ...adminEvents,
  ...adminWhois,
  ...adminWhmcsImport,
  ...adminDomainInventory,
  ...hostingServers,
  ...hostingProducts,
  ...hostingQueue,
  ...hostingAdminServices,
  ...hostingImport,
] as FunctionHandler[];
