import { describe, expect, it } from 'vitest';
import type { AccountRole } from '../../../common/constants.ts';
import type { Caller } from '../../rpc/context.ts';
import { mayAccessTicket, ticketAccessLevel } from './policy.ts';

const caller = (userId: string, globalRole: Caller['globalRole'] = 'user', actingAsAccountId?: string): Caller => ({
  userId, email: `${userId}@example.test`, name: userId, globalRole, emailVerified: true, sessionId: 's', sessionEndsAt: Date.now() + 3_600_000,
  actingAs: actingAsAccountId
    ? { accountId: actingAsAccountId, operatorUserId: userId, operatorEmail: `${userId}@example.test`, reason: 'Support', startedAt: '2026-01-01T00:00:00.000Z', originalAccountId: null }
    : null,
});

describe('mayAccessTicket', () => {
  const ticket = { authorId: 'author', accountId: 'acc' };

  it('lets the author in whatever their role, even with none left', () => {
    for (const role of ['account_owner', 'super_admin', 'member', null] as (AccountRole | null)[]) {
      expect(mayAccessTicket(caller('author'), ticket, role)).toBe(true);
    }
  });

  it('lets the account\'s owner and admins in', () => {
    expect(mayAccessTicket(caller('boss'), ticket, 'account_owner')).toBe(true);
    expect(mayAccessTicket(caller('admin'), ticket, 'super_admin')).toBe(true);
  });

  it('keeps out plain co-members, outsiders and global super admins who are not in the account', () => {
    expect(mayAccessTicket(caller('colleague'), ticket, 'member')).toBe(false);
    expect(mayAccessTicket(caller('stranger'), ticket, null)).toBe(false);
    expect(mayAccessTicket(caller('operator', 'super_admin'), ticket, null)).toBe(false);
    expect(mayAccessTicket(caller('operator', 'super_admin'), ticket, 'member')).toBe(false);
  });

  it('lets an operator impersonating the ticket\'s account in as its admin, whatever their own membership', () => {
    expect(mayAccessTicket(caller('operator', 'super_admin', 'acc'), ticket, null)).toBe(true);
  });

  it('keeps an impersonating operator out of every other account, their own tickets there included', () => {
    expect(mayAccessTicket(caller('operator', 'super_admin', 'elsewhere'), ticket, 'account_owner')).toBe(false);
    expect(mayAccessTicket(caller('author', 'super_admin', 'elsewhere'), ticket, 'member')).toBe(false);
  });
});

describe('ticketAccessLevel (issue 21: removed authors)', () => {
  const ticket = { authorId: 'author', accountId: 'acc' };

  it('an author still in the account, and its owner and admins, read and write', () => {
    for (const role of ['account_owner', 'super_admin', 'member'] as AccountRole[]) {
      expect(ticketAccessLevel(caller('author'), ticket, role, 'none')).toBe('write');
    }
    expect(ticketAccessLevel(caller('boss'), ticket, 'account_owner', 'none')).toBe('write');
  });

  it('an author removed from the account reads only, or nothing, as the account chose', () => {
    expect(ticketAccessLevel(caller('author'), ticket, null, 'read_only')).toBe('read');
    expect(ticketAccessLevel(caller('author'), ticket, null, 'none')).toBe('none');
  });

  it('the setting never lets anyone else in', () => {
    expect(ticketAccessLevel(caller('colleague'), ticket, 'member', 'read_only')).toBe('none');
    expect(ticketAccessLevel(caller('stranger'), ticket, null, 'read_only')).toBe('none');
  });
});
