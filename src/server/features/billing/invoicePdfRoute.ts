import type { FastifyInstance } from 'fastify';
import type { Services } from '../../rpc/context.ts';

/** GET /api/invoices/{invoiceId}.pdf, authorised like getInvoice. */
export async function invoicePdfRoute(_app: FastifyInstance, _opts: { services: Services }) {
}
