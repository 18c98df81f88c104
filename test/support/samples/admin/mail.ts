import type { contracts } from '../../../../src/common/admin/mail/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the back office's mail functions (issue 8). */
export const adminMailSamples: Record<keyof typeof contracts, SampleInput> = {
  listMailOutbox: async () => ({ limit: 5, status: 'stored' }),
  // Signing up mails a verification link: the outbox holds at least that message.
  getMailMessage: async ({ t }) => {
    const row = await t.services.db.selectFrom('mail_outbox').select('id').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    return { messageId: row.id };
  },
};
