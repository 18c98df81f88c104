import * as mail from '../../../../common/admin/mail/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { mailMessage, pageOfMail } from './service.ts';

/** The back office's mail handlers (issue 8). */
export const handlers = [
  implement(mail.listMailOutbox, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfMail(services.db, input);
  }),

  implement(mail.getMailMessage, async ({ messageId }, { caller, services }) => {
    requireOperator(caller);
    return { message: await mailMessage(services.db, messageId) };
  }),
];
