import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatAmount } from '../../../../common/billing/billing.ts';
import type { InvoiceDetail } from '../../../../common/billing/contract.ts';

export interface InvoiceSeller {
  name: string;
  /** Lines separated by \n, as INVOICE_SELLER_ADDRESS holds them. */
  address: string;
  taxId: string;
  email: string;
}

const BODY = 9;
const GAP = 4;
/** Description, period, quantity, unit price, amount: the description takes what the others leave. */
const FIXED_COLUMNS = { period: 120, quantity: 30, unit: 75, amount: 75 };

/**
 * DejaVu Sans, embedded (subset) in each PDF: the standard PDF fonts cover Windows-1252 only,
 * which would print the names and addresses of many customers (Łódź, Ελλάδα, Москва) as '?'.
 */
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`));
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };

/** The blocks DejaVu Sans draws: Latin (with its extensions), IPA, Greek, Cyrillic, punctuation, currency and letter-like signs. */
const DRAWN: [number, number][] = [
  [0x20, 0x7e], [0xa0, 0x52f], [0x1e00, 0x1fff], [0x2000, 0x206f], [0x20a0, 0x20bf], [0x2100, 0x214f],
];

/** What the font cannot draw (Chinese, emoji) is printed as '?' rather than as an empty box. */
export function printable(text: string): string {
  return [...text].map((c) => {
    const code = c.codePointAt(0)!;
    return c === '\n' || DRAWN.some(([from, to]) => code >= from && code <= to) ? c : '?';
  }).join('');
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');
const period = (start: string | null, end: string | null) => (start && end ? `${day(start)} – ${day(end)}` : '');
const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/**
 * The invoice as a PDF, made in memory: the seller (configuration), the number, date, status
 * and period, who it was billed to (as copied at issue time), the lines and the totals. Long
 * texts wrap in their column; lines that do not fit flow onto further pages under a repeated header.
 */
export function renderInvoicePdf(invoice: InvoiceDetail, seller: InvoiceSeller): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: printable(`Invoice ${invoice.number}`), Author: printable(seller.name) } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    doc.text(printable(value), x, y, { lineGap: 1, ...options });
    return doc.y;
  };

  // Seller on the left, the invoice's identity on the right.
  const top = doc.page.margins.top;
  const sellerWidth = width * 0.55;
  doc.font('bold').fontSize(14);
  let y = text(seller.name, left, top, { width: sellerWidth });
  doc.font('regular').fontSize(BODY);
  for (const line of [...linesOf(seller.address), seller.taxId && `Tax ID: ${seller.taxId}`, seller.email].filter(Boolean)) {
    y = text(line, left, y, { width: sellerWidth });
  }
  const rightX = left + sellerWidth;
  const rightWidth = width - sellerWidth;
  doc.font('bold').fontSize(15);
  let ry = text(`Invoice ${invoice.number}`, rightX, top, { width: rightWidth, align: 'right' });
  doc.font('regular').fontSize(BODY);
  const status = invoice.status === 'paid' ? `PAID${invoice.paidAt ? ` on ${day(invoice.paidAt)}` : ''}` : invoice.status.toUpperCase();
  const refunded = invoice.refundedCents > 0
    && `Refunded: ${formatAmount(invoice.refundedCents, invoice.currency)}${invoice.refundedAt ? ` on ${day(invoice.refundedAt)}` : ''}`;
  for (const line of [`Invoice date: ${day(invoice.invoiceDate)}`, `Status: ${status}`, refunded, period(invoice.periodStart, invoice.periodEnd) && `Billing period: ${period(invoice.periodStart, invoice.periodEnd)}`]) {
    if (line) ry = text(line, rightX, ry + 2, { width: rightWidth, align: 'right' });
  }

  // Bill to.
  y = Math.max(y, ry) + 24;
  doc.font('bold').fontSize(BODY + 1);
  y = text('Bill to', left, y, { width });
  doc.font('regular').fontSize(BODY);
  for (const line of [invoice.billingName, invoice.billingEmail, ...linesOf(invoice.billingAddress), invoice.taxId && `Tax ID: ${invoice.taxId}`].filter(Boolean)) {
    y = text(line, left, y, { width: sellerWidth });
  }

  // Lines.
  const descriptionWidth = width - FIXED_COLUMNS.period - FIXED_COLUMNS.quantity - FIXED_COLUMNS.unit - FIXED_COLUMNS.amount - 4 * GAP;
  const columns = [
    { x: left, width: descriptionWidth, align: 'left' as const },
    { x: left + descriptionWidth + GAP, width: FIXED_COLUMNS.period, align: 'left' as const },
    { x: left + descriptionWidth + FIXED_COLUMNS.period + 2 * GAP, width: FIXED_COLUMNS.quantity, align: 'right' as const },
    { x: left + width - FIXED_COLUMNS.amount - GAP - FIXED_COLUMNS.unit, width: FIXED_COLUMNS.unit, align: 'right' as const },
    { x: left + width - FIXED_COLUMNS.amount, width: FIXED_COLUMNS.amount, align: 'right' as const },
  ];
  const rowHeight = (cells: string[]) => Math.max(...cells.map((cell, i) => doc.heightOfString(printable(cell) || ' ', { width: columns[i].width, lineGap: 1 })));
  const row = (cells: string[], at: number) => {
    cells.forEach((cell, i) => text(cell, columns[i].x, at, { width: columns[i].width, align: columns[i].align }));
    return at + rowHeight(cells);
  };
  const rule = (at: number) => doc.moveTo(left, at).lineTo(left + width, at).lineWidth(0.5).strokeColor('#999999').stroke();
  const header = (at: number) => {
    doc.font('bold').fontSize(BODY);
    const next = row(['Description', 'Period', 'Qty', 'Unit price', 'Amount'], at);
    rule(next + 2);
    doc.font('regular').fontSize(BODY);
    return next + 6;
  };
  const newPage = () => {
    doc.addPage();
    return header(doc.page.margins.top);
  };

  y = header(y + 20);
  for (const line of invoice.lines) {
    const cells = [line.description, period(line.periodStart, line.periodEnd), String(line.quantity), money(line.unitAmountCents), money(line.amountCents)];
    if (y + rowHeight(cells) > bottom()) y = newPage();
    y = row(cells, y) + 4;
  }

  // Totals, kept together.
  const totals: [string, string][] = [['Subtotal', money(invoice.subtotalCents)], ['Tax', money(invoice.taxCents)], ['Total', money(invoice.amountCents)]];
  if (y + 80 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  rule(y);
  y += 6;
  const labelX = columns[3].x - 60;
  for (const [label, value] of totals) {
    doc.font(label === 'Total' ? 'bold' : 'regular').fontSize(label === 'Total' ? BODY + 2 : BODY);
    text(label, labelX, y, { width: 60 + FIXED_COLUMNS.unit, align: 'right' });
    y = text(value, columns[4].x, y, { width: FIXED_COLUMNS.amount, align: 'right' }) + 3;
  }
  doc.font('regular').fontSize(BODY - 1);
  text(`All amounts in ${invoice.currency}.`, left, y + 8, { width });

  doc.end();
  return done;
}
