import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMembers, addMember, createUser, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { INVOICES_PAGE_SIZE } from '../../../../common/billing/billing.ts';
import { INVOICE_NOT_FOUND } from '../../../../common/billing/contract.ts';
import { NO_ACCOUNT_ACCESS } from '../../../access/accountAccess.ts';
import { encodeInvoiceCursor, INVALID_INVOICE_CURSOR } from './cursor.ts';
import { storedInvoice } from '../../../../../test/support/billing/paymentEvents.ts';

describeEachDialect('invoices: listInvoices and getInvoice', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  describe('listInvoices', () => {
    it('pages through every invoice newest first, ties broken by id, without repeats or gaps', async () => {
      const a = await accountWithMembers(t);
      const ids: string[] = [];
      // Two invoices share each date, so the order within a date comes from the id.
      for (let i = 0; i < INVOICES_PAGE_SIZE + 4; i++) {
        const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
        ids.push(await storedInvoice(t.services.db, a.accountId, { invoiceDate: `2026-01-${day}T10:00:00.000Z`, amountCents: 100 + i }));
      }
      const first = await t.call('listInvoices', { accountId: a.accountId }, a.member);
      expect(first.status).toBe(200);
      expect(first.result.invoices).toHaveLength(INVOICES_PAGE_SIZE);
      expect(first.result.nextCursor).toEqual(expect.any(String));
      const second = await t.call('listInvoices', { accountId: a.accountId, cursor: first.result.nextCursor }, a.member);
      expect(second.result.invoices).toHaveLength(4);
      expect(second.result.nextCursor).toBeNull();

      const listed = [...first.result.invoices, ...second.result.invoices];
      const keys = listed.map((i: { invoiceDate: string; id: string }) => `${i.invoiceDate}|${i.id}`);
      expect(keys).toEqual([...keys].sort().reverse());
      expect(new Set(listed.map((i: { id: string }) => i.id))).toEqual(new Set(ids));
      expect(listed[0]).toEqual({
        id: expect.any(String), number: expect.stringMatching(/^INV-/), invoiceDate: '2026-01-12T10:00:00.000Z', amountCents: expect.any(Number),
        currency: 'USD', status: 'paid', periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z',
        refundedCents: 0, refundedAt: null,
      });
    });

    it('an account without invoices lists none', async () => {
      const a = await accountWithMembers(t);
      expect((await t.call('listInvoices', { accountId: a.accountId }, a.owner)).result).toEqual({ invoices: [], nextCursor: null });
    });

    it('never lists another account\'s invoices, whatever the cursor says', async () => {
      const a = await accountWithMembers(t);
      await storedInvoice(t.services.db, cast.otherAccountId, { invoiceDate: '2026-01-05T00:00:00.000Z' });
      const cursor = encodeInvoiceCursor({ invoiceDate: '2030-01-01T00:00:00.000Z', id: 'zzzz' });
      expect((await t.call('listInvoices', { accountId: a.accountId, cursor }, a.owner)).result).toEqual({ invoices: [], nextCursor: null });
      for (const user of [a.owner, cast.globalAdmin]) {
        expect(await t.call('listInvoices', { accountId: cast.otherAccountId }, user))
          .toEqual({ status: 403, error: { status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS } });
      }
      expect((await t.call('listInvoices', { accountId: cast.otherAccountId }, null)).status).toBe(401);
    });

    it('refuses a cursor it did not hand out, with a sentence to act on', async () => {
      const a = await accountWithMembers(t);
      const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const cursor of ['not-a-cursor', forged({ d: '2024-13-45T99:99:99.000Z', i: 'x' }), forged({ d: '2024-01-01T00:00:00.000Z', i: 'x\u0000' }),
        forged({ d: '2024-01-01T00:00:00.000Z', i: 'x', extra: 1 }), forged({ d: 'yesterday', i: 'x' })]) {
        expect(await t.call('listInvoices', { accountId: a.accountId, cursor }, a.owner))
          .toEqual({ status: 400, error: { status: 'INVALID_ARGUMENT', message: INVALID_INVOICE_CURSOR } });
      }
      expect((await t.call('listInvoices', { accountId: a.accountId, cursor: 'c'.repeat(201) }, a.owner)).status).toBe(400);
      expect((await t.callRaw('listInvoices', { accountId: a.accountId, limit: 5 }, a.owner)).status).toBe(400);
    });
  });

  describe('getInvoice', () => {
    it('a member reads the invoice with its lines, the billing details it was issued to, and the PDF path', async () => {
      const invoiceId = await storedInvoice(t.services.db, cast.accountId, {
        invoiceDate: '2026-01-01T00:00:00.000Z', number: 'INV-0042', amountCents: 2_400, billingName: 'Ada Billing',
        lines: [{ description: 'Business hosting', amountCents: 2_000 }, { description: 'Extra mailbox', amountCents: 400, quantity: 2 }],
      });
      // The profile changing later does not change what the invoice was issued to.
      await t.call('updateBillingProfile', { accountId: cast.accountId, billingName: 'Someone Else', billingEmail: 'else@example.test' }, cast.owner);
      const res = await t.call('getInvoice', { invoiceId }, cast.member);
      expect(res).toEqual({
        status: 200,
        result: {
          invoice: {
            id: invoiceId, accountId: cast.accountId, number: 'INV-0042', invoiceDate: '2026-01-01T00:00:00.000Z', amountCents: 2_400,
            subtotalCents: 2_400, taxCents: 0, currency: 'USD', status: 'paid', paidAt: '2026-01-01T00:00:00.000Z',
            periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z', refundedCents: 0, refundedAt: null,
            billingName: 'Ada Billing', billingEmail: 'billing@example.test', billingAddress: '1 Main Street\nSpringfield', taxId: 'VAT-1',
            lines: [
              { description: 'Business hosting', quantity: 1, unitAmountCents: 2_000, amountCents: 2_000, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' },
              { description: 'Extra mailbox', quantity: 2, unitAmountCents: 200, amountCents: 400, periodStart: '2026-01-01T00:00:00.000Z', periodEnd: '2026-02-01T00:00:00.000Z' },
            ],
            pdfPath: `/api/invoices/${invoiceId}.pdf`,
          },
        },
      });
    });

    it('anyone outside the invoice\'s account gets not found, exactly as for an id that does not exist', async () => {
      const invoiceId = await storedInvoice(t.services.db, cast.accountId);
      const memberOfB = await createUser(t);
      await addMember(t, cast.otherAccountId, memberOfB, 'member');
      const unknown = await t.call('getInvoice', { invoiceId: 'in_does_not_exist' }, cast.owner);
      expect(unknown).toEqual({ status: 404, error: { status: 'NOT_FOUND', message: INVOICE_NOT_FOUND } });
      for (const user of [cast.outsider, cast.globalAdmin, memberOfB]) {
        expect(await t.call('getInvoice', { invoiceId }, user)).toEqual(unknown);
      }
      expect((await t.call('getInvoice', { invoiceId }, null)).status).toBe(401);
    });

    it('refuses a missing, blank, overlong or NUL-bearing id', async () => {
      for (const [data, message] of [[{}, 'Invoice ID is required.'], [{ invoiceId: ' ' }, 'Invoice ID is required.'], [{ invoiceId: 'i'.repeat(129) }, 'Invoice ID is not valid.']] as const) {
        expect(await t.callRaw('getInvoice', data, cast.owner)).toMatchObject({ status: 400, error: { status: 'INVALID_ARGUMENT', message } });
      }
      expect((await t.call('getInvoice', { invoiceId: 'in\u0000' }, cast.owner)).status).toBe(400);
    });
  });
});
