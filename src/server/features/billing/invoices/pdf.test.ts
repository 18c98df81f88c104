import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { pdfTextLines } from '../../../../../test/support/pdfText.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { INVOICE_NOT_FOUND } from '../../../../common/billing/contract.ts';
import { printable } from './pdf.ts';
import { storedInvoice } from '../../../../../test/support/billing/paymentEvents.ts';

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describeEachDialect('invoice PDF: GET /api/invoices/{invoiceId}.pdf', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: {
        INVOICE_SELLER_NAME: 'Hosting Provider GmbH', INVOICE_SELLER_ADDRESS: 'Hauptstraße 1\n10115 Berlin\nGermany',
        INVOICE_SELLER_TAX_ID: 'DE999999999', INVOICE_SELLER_EMAIL: 'billing@provider.test',
      },
    });
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const get = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a member downloads the invoice as a PDF showing the seller, the number, the dates, who was billed, the lines and the totals', async () => {
    const invoiceId = await storedInvoice(t.services.db, cast.accountId, {
      number: 'INV-2026-0007', amountCents: 2_400, billingName: 'Ada Lovelace Billing', invoiceDate: '2026-01-01T00:00:00.000Z',
      lines: [{ description: 'Business hosting', amountCents: 2_000 }, { description: 'Extra mailbox', amountCents: 400, quantity: 2 }],
    });
    const res = await get(`/api/invoices/${invoiceId}.pdf`, bearer(cast.member.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="invoice-INV-2026-0007.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const lines = pdfTextLines(res.rawPayload);
    for (const expected of [
      'Hosting Provider GmbH', 'Hauptstraße 1', '10115 Berlin', 'Germany', 'Tax ID: DE999999999', 'billing@provider.test',
      'Invoice INV-2026-0007', 'Invoice date: Jan 1, 2026', 'Status: PAID on Jan 1, 2026', 'Billing period: Jan 1, 2026 – Feb 1, 2026',
      'Bill to', 'Ada Lovelace Billing', 'billing@example.test', '1 Main Street', 'Springfield', 'Tax ID: VAT-1',
      'Business hosting', '$20.00', 'Extra mailbox', '2', '$2.00', '$4.00', 'Subtotal', '$24.00', 'Total', 'All amounts in USD.',
    ]) {
      expect(lines, expected).toContain(expected);
    }
  });

  it('prints names beyond Western European letters as they are written', async () => {
    const invoiceId = await storedInvoice(t.services.db, cast.accountId, {
      billingName: 'Łukasz Żółć', lines: [{ description: 'Хостинг Бизнес', amountCents: 1_000 }, { description: 'Φιλοξενία', amountCents: 999 }],
    });
    const lines = pdfTextLines((await get(`/api/invoices/${invoiceId}.pdf`, bearer(cast.owner.token))).rawPayload);
    expect(lines).toEqual(expect.arrayContaining(['Łukasz Żółć', 'Хостинг Бизнес', 'Φιλοξενία']));
  });

  it('the session cookie works as for functions', async () => {
    const invoiceId = await storedInvoice(t.services.db, cast.accountId);
    const signature = createHmac('sha256', t.services.config.AUTH_SECRET).update(cast.owner.token).digest('base64');
    const res = await get(`/api/invoices/${invoiceId}.pdf`, { cookie: `better-auth.session_token=${encodeURIComponent(`${cast.owner.token}.${signature}`)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
  });

  it('long texts wrap and many lines flow onto further pages, every line and the total included', async () => {
    const longName = `Ada ${'Very-Long-Company-Name '.repeat(12)}Ltd`;
    const lines = Array.from({ length: 70 }, (_, i) => ({ description: `Line ${i + 1}: ${'a service with a long description '.repeat(3)}end${i + 1}`, amountCents: 100 }));
    const invoiceId = await storedInvoice(t.services.db, cast.accountId, { number: 'INV-LONG', amountCents: 7_000, billingName: longName, lines });
    const res = await get(`/api/invoices/${invoiceId}.pdf`, bearer(cast.owner.token));
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBeGreaterThanOrEqual(3);
    const text = pdfTextLines(res.rawPayload);
    for (let i = 1; i <= 70; i++) expect(text.some((line) => line.includes(`end${i}`)), `line ${i}`).toBe(true);
    expect(text.some((line) => line.endsWith('Ltd'))).toBe(true);
    expect(text).toContain('$70.00');
    // Each printed line stays within its column: no text object carries a whole long description.
    expect(text.every((line) => line.length < 120)).toBe(true);
  });

  it('anyone outside the invoice\'s account gets 404 and no PDF bytes, like an unknown id; signed out gets 401', async () => {
    const invoiceId = await storedInvoice(t.services.db, cast.accountId);
    const memberOfB = await createUser(t);
    await addMember(t, cast.otherAccountId, memberOfB, 'member');
    for (const user of [memberOfB, cast.outsider, cast.globalAdmin]) {
      const res = await get(`/api/invoices/${invoiceId}.pdf`, bearer(user.token));
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: INVOICE_NOT_FOUND } });
      expect(res.body).not.toContain('%PDF');
    }
    const signedOut = await get(`/api/invoices/${invoiceId}.pdf`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.status).toBe('UNAUTHENTICATED');
    expect((await get(`/api/invoices/${invoiceId}.pdf`, bearer('not-a-real-session-token-at-all'))).statusCode).toBe(401);
  });

  it('names that are not an invoice id answer 404', async () => {
    const invoiceId = await storedInvoice(t.services.db, cast.accountId);
    for (const path of [`/api/invoices/${invoiceId}`, `/api/invoices/${invoiceId}.txt`, '/api/invoices/.pdf', '/api/invoices/%00.pdf',
      `/api/invoices/${invoiceId}%00.pdf`, `/api/invoices/${'x'.repeat(200)}.pdf`, '/api/invoices/..%2F..%2Fetc.pdf', '/api/invoices/unknown.pdf']) {
      const res = await get(path, bearer(cast.owner.token));
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ error: { status: 'NOT_FOUND', message: INVOICE_NOT_FOUND } });
    }
  });
});

describe('printable', () => {
  it('keeps what the embedded font draws (Latin, Greek, Cyrillic) and marks the rest', () => {
    expect(printable('Zoë Müller – 5 € “quoted”\nline')).toBe('Zoë Müller – 5 € “quoted”\nline');
    expect(printable('Łódź, Ελλάδα, Москва №5 ₺')).toBe('Łódź, Ελλάδα, Москва №5 ₺');
    expect(printable('東京 Łódź 😀')).toBe('?? Łódź ?');
  });
});
