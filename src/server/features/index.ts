import type { FunctionHandler } from '../rpc/registry.ts';
import { handlers as accounts } from './accounts/functions.ts';
import { handlers as adminAccounts } from './adminAccounts/functions.ts';
import { handlers as adminAudit } from './adminAudit/functions.ts';
import { handlers as events } from './events/functions.ts';
import { handlers as adminWebhooks } from './adminWebhooks/functions.ts';
import { handlers as adminEvents } from './adminEvents/functions.ts';
import { handlers as adminDashboard } from './adminDashboard/functions.ts';
import { handlers as adminImpersonation } from './adminImpersonation/functions.ts';
import { handlers as adminMail } from './adminMail/functions.ts';
import { handlers as adminUsers } from './adminUsers/functions.ts';
import { handlers as billing } from './billing/functions.ts';
import { handlers as catalog } from './catalog/functions.ts';
import { handlers as dashboard } from './dashboard/functions.ts';
import { handlers as domains } from './domains/functions.ts';
import { handlers as invitations } from './invitations/functions.ts';
import { handlers as members } from './members/functions.ts';
import { handlers as profile } from './profile/functions.ts';
import { handlers as testPayments } from './testPayments/functions.ts';
import { handlers as tickets } from './tickets/functions.ts';

/** Every callable function, by area. */
export const handlers: FunctionHandler[] = [
  ...accounts,
  ...profile,
  ...members,
  ...invitations,
  ...tickets,
  ...dashboard,
  ...catalog,
  ...billing,
  ...testPayments,
  ...domains,
  ...adminDashboard,
  ...adminUsers,
  ...adminAccounts,
  ...adminImpersonation,
  ...adminMail,
  ...adminAudit,
  ...events,
  ...adminWebhooks,
  ...adminEvents,
] as FunctionHandler[];
