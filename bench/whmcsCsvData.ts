/**
 * A WHMCS domain export of N rows in the shape of tbldomains (all 27 columns), with the
 * awkward cells a real export has: quoted notes holding commas, quotes and newlines, IDNs,
 * formula-looking text, CRLF line ends and a BOM. Deterministic, so runs compare.
 */
const HEADER = [
  'id', 'userid', 'orderid', 'type', 'registrationdate', 'domain', 'firstpaymentamount', 'recurringamount', 'registrar',
  'registrationperiod', 'expirydate', 'subscriptionid', 'promoid', 'status', 'nextduedate', 'nextinvoicedate', 'additionalnotes',
  'paymentmethod', 'dnsmanagement', 'emailforwarding', 'idprotection', 'is_premium', 'donotrenew', 'reminders', 'synced',
  'created_at', 'updated_at',
];
const STATUSES = ['Active', 'Active', 'Active', 'Pending', 'Pending Transfer', 'Grace', 'Expired', 'Cancelled', 'Transferred Away', 'Fraud'];
const TLDS = ['com', 'net', 'org', 'de', 'io', 'co.uk'];
const REGISTRARS = ['enom', 'namecheap', 'dynadot', ''];
const NOTES = ['', '', 'VIP, call before renewal', '"Legacy" client\r\nmoved 2019', '=SUM(A1:A2)', '@mention'];

const pad = (n: number) => String(n).padStart(2, '0');
const date = (i: number, year: number) => `${year}-${pad((i % 12) + 1)}-${pad((i % 28) + 1)}`;
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export function whmcsCsv(rows: number): string {
  const lines = [`\uFEFF${HEADER.join(',')}`];
  for (let i = 1; i <= rows; i++) {
    const name = i % 50 === 0 ? `bücher-${i}` : `domain-${i}`;
    lines.push([
      String(i), String((i % 5000) + 1), String(i + 100), i % 3 === 0 ? 'Transfer' : 'Register', date(i, 2015 + (i % 8)),
      `${name}.${TLDS[i % TLDS.length]}`, '10.95', '12.95', REGISTRARS[i % REGISTRARS.length], '1', date(i, 2026 + (i % 3)), '', '0',
      STATUSES[i % STATUSES.length], date(i, 2026 + (i % 3)), date(i, 2026 + (i % 3)), NOTES[i % NOTES.length], 'stripe',
      '1', '0', String(i % 2), '0', String(i % 7 === 0 ? 1 : 0), '', '1', '2020-01-01 10:00:00', '2024-05-06 11:12:13',
    ].map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
