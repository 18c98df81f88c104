import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatAmount } from '../../../../common/billing/billing.ts';
import { setBillingEmail } from '../../../../../test/support/domains/expiry.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { GOOD_CARD } from '../../../../../test/support/payments/testModePayments.ts';
import { pdfTextLines } from '../../../../../test/support/pdfText.ts';
import { placedOrder } from '../../../../../test/support/samples/domainOrders.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

/**
 * Found in use (issue 18): cancelling a paid order refunded it, but its invoice stayed plainly
 * paid and nobody told the customer. The refund now marks the order's invoice and mails the
 * account's billing contact, through the one refund routine the daily job uses too.
 */
describeEachDialect('back-office orders: a refund marks the invoice and tells the billing contact', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let a: AccountWithMembers;
  const billing = 'accounts-payable@example.test';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    a = await accountWithMembers(t);
    await setBillingEmail(t, a.accountId, billing);
  });
  afterAll(async () => { await t.stop(); });

  const invoices = async () => (await t.call('listInvoices', { accountId: a.accountId }, a.member)).result.invoices;

  it('cancelling a paid order: the invoice shows the refund (and stays paid, as at the provider), and the billing contact gets one mail', async () => {
    const orderId = await placedOrder(t, a.member, a.accountId, { registrationYears: 2 });
    const url = (await t.call('payDomainOrder', { orderId }, a.member)).result.url;
    const sessionId = /\/test-mode\/checkout\/([^/?]+)$/.exec(url)![1]!;
    expect((await t.call('payTestCheckout', { sessionId, ...GOOD_CARD }, a.member)).status).toBe(200);
    const [invoice] = await invoices();
    expect(invoice).toMatchObject({ status: 'paid', refundedCents: 0, refundedAt: null });

    // As the registration job leaves a paid order it could not complete.
    await t.services.db.updateTable('domain_orders').set({ status: 'failed' }).where('id', '=', orderId).execute();
    const order = await t.services.db.selectFrom('domain_orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const res = await t.call('updateOrderStatus', { orderId, status: 'cancelled', notes: 'Customer changed their mind' }, operator);
    expect(res.result.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    const [after] = await invoices();
    expect(after).toMatchObject({ id: invoice!.id, status: 'paid', refundedCents: order.total_cents, amountCents: order.total_cents });
    expect(after!.refundedAt).not.toBeNull();

    const mails = (await t.outbox(billing)).filter((m) => m.subject === `Refund of ${formatAmount(order.total_cents, order.currency)} for ${order.domain}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('our team cancelled the order');
    // The operator's own notes are not sent to the customer.
    expect(mails[0]!.text_body).not.toContain('Customer changed their mind');

    // The PDF says so too.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${encodeURIComponent(invoice!.id)}.pdf`, headers: { authorization: `Bearer ${a.member.token}` } });
    expect(pdf.statusCode).toBe(200);
    const amount = formatAmount(order.total_cents, order.currency);
    expect(pdfTextLines(pdf.rawPayload).some((line) => line.startsWith(`Refunded: ${amount} on `))).toBe(true);
  });
});
