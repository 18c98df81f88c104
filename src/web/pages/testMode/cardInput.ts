/** A card number in groups of four as it is typed: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as 'MM / YY' while it is typed: '1' → '1', '12' → '12 / ', '1230' → '12 / 30'. */
export function formatExpiry(typed: string, previous = ''): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  // Deleting the separator deletes the month's last digit too, or the slash would come straight back.
  if (typed.length < previous.length && previous.endsWith(' / ') && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
