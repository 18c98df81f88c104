/**
 * Where an invoice's PDF is served (`GET /api/invoices/{invoiceId}.pdf`, authorised like
 * getInvoice). The list's rows do not carry getInvoice's `pdfPath`, and one read per row only
 * to learn it would be wasteful.
 */
export const invoicePdfPath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}.pdf`;

/** The file name the browser saves it under. */
export const invoicePdfFileName = (invoiceNumber: string) => `invoice-${invoiceNumber.replace(/[^A-Za-z0-9_-]+/g, '-')}.pdf`;
