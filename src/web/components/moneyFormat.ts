/** Amounts are stored in cents and shown as dollars with 2 decimals (spec section 9). */
export function formatMoney(amountCents: number, currency = 'USD'): string {
  const amount = amountCents / 100;
  if (currency.toUpperCase() === 'USD') return `$${amount.toFixed(2)}`;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // An unknown currency code still shows the number rather than failing the page.
    return `${amount.toFixed(2)} ${currency}`;
  }
}
