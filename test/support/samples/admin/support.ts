import { randomUUID } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/support/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';
import type { TestApp } from '../../testApp.ts';
import type { PermissionCast } from '../../factories.ts';

/** A ticket of the cast's account written as a row (the matrix must not depend on the functions it checks). */
async function ticketOfCast(t: TestApp, cast: PermissionCast): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('tickets').values({
    id, account_id: cast.accountId, user_id: cast.owner.id, subject: 'Matrix support', description: 'A ticket.',
    priority: 'low', status: 'open', created_at: now, updated_at: now,
  }).execute();
  return id;
}

/** The permission matrix's inputs for the back office's support functions (issue 8). */
export const adminSupportSamples: Record<keyof typeof contracts, SampleInput> = {
  listAllTickets: async ({ cast }) => ({ limit: 5, accountId: cast.accountId, status: 'open', text: 'matrix' }),
  getTicketForStaff: async ({ t, cast }) => ({ ticketId: await ticketOfCast(t, cast) }),
  replyToTicketAsStaff: async ({ t, cast }) => ({ ticketId: await ticketOfCast(t, cast), body: 'We are on it.' }),
  setTicketStatus: async ({ t, cast }) => ({ ticketId: await ticketOfCast(t, cast), status: 'closed' }),
};
