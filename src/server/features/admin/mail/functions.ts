import * as mail from '../../../../common/admin/mail/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { mailMessage, pageOfMail } from './service.ts';

/** The back office's mail handlers (issue 8); each read is audited (issue 21). */
export const handlers = [
  implement(mail.listMailOutbox, async (input, ctx) => {
    requireOperator(ctx.caller);
    return pageOfMail(ctx, input);
  }),

  implement(mail.getMailMessage, async ({ messageId }, ctx) => {
    requireOperator(ctx.caller);
    return { message: await mailMessage(ctx, messageId) };
  }),
];
