import type { FastifyInstance } from 'fastify';
import { getInvoice, INVOICE_NOT_FOUND } from '../../../../common/billing/contract.ts';
import { resolveCaller, sessionTokenFrom } from '../../../auth/caller.ts';
import { sendError } from '../../../http/errorHandler.ts';
import type { Services } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { admitCaller } from '../../../rpc/plugin.ts';
import { invoiceDetail } from './invoices.ts';
import { renderInvoicePdf } from './pdf.ts';
import { requireInvoiceAccess } from '../policy.ts';

/** `{invoiceId}.pdf`; ids are ours (UUIDs, or the letters, digits, '_' and '-' of older ones): anything else names no invoice. */
const PDF_FILE = /^([A-Za-z0-9_-]{1,128})\.pdf$/;

/**
 * GET /api/invoices/{invoiceId}.pdf: the invoice as a PDF download, for exactly the callers
 * getInvoice answers (the session cookie or a bearer token, as for functions): 401 signed out,
 * 404 for anyone not in the invoice's account, as for an unknown id.
 */
export async function invoicePdfRoute(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;
  // A wildcard, not ':file': an overlong name then reaches our 404 instead of the router's own 414 text.
  app.get<{ Params: { '*': string } }>('/api/invoices/*', async (request, reply) => {
    // The answer is one account's document: no shared cache may keep it, errors included.
    reply.header('cache-control', 'private, no-store');
    try {
      const token = sessionTokenFrom(request.headers, services.config.AUTH_SECRET);
      const caller = token ? await resolveCaller(services, token) : null;
      admitCaller(getInvoice, caller);
      const invoiceId = PDF_FILE.exec(request.params['*'])?.[1];
      if (!caller || !invoiceId) throw notFound(INVOICE_NOT_FOUND);
      await requireInvoiceAccess(services.db, caller, invoiceId);
      const invoice = await invoiceDetail(services.db, invoiceId);
      const { INVOICE_SELLER_NAME: name, INVOICE_SELLER_ADDRESS: address, INVOICE_SELLER_TAX_ID: taxId, INVOICE_SELLER_EMAIL: email } = services.config;
      const pdf = await renderInvoicePdf(invoice, { name, address, taxId, email });
      const filename = `invoice-${invoice.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    } catch (error) {
      return sendError(request, reply, error);
    }
  });
}
