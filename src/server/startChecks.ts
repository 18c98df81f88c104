import { type Config, ConfigError } from './config.ts';

/** The real registrars whose credentials are set, by the name operators know them. */
export function realRegistrarsConfigured(config: Config): string[] {
  return [
    ['Namecheap', config.NAMECHEAP_API_USER],
    ['Dynadot', config.DYNADOT_API_KEY],
    ['Enom', config.ENOM_UID],
    // It registers nothing, but a test-mode portal would change real domains' lock, renewal and privacy.
    ['Cloudflare', config.CLOUDFLARE_API_TOKEN && config.CLOUDFLARE_ACCOUNT_ID],
  ].filter(([, credential]) => Boolean(credential)).map(([name]) => name as string);
}

/** Test-mode payments: the built-in provider, or Stripe with a test key (both take 4242 4242 4242 4242). */
export function testPaymentsIn(config: Config): string | null {
  if (config.paymentMode === 'test') return 'the built-in test-mode payments';
  if (/^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? '')) return 'Stripe in test mode (STRIPE_SECRET_KEY sk_test_…)';
  return null;
}

/**
 * Refuses a start where a customer could "pay" with a test card and a real registrar would
 * register the name on the provider's balance (issue 18, point 8). Staging against a registrar's
 * own sandbox sets ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS=true. One line, naming both sides.
 */
export function refuseTestPaymentsWithRealRegistrars(config: Config): void {
  const registrars = realRegistrarsConfigured(config);
  const payments = testPaymentsIn(config);
  if (registrars.length === 0 || payments === null || config.ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS) return;
  throw new ConfigError(`Refusing to start: real registrar${registrars.length > 1 ? 's' : ''} ${registrars.join(', ')} with ${payments}; `
    + 'configure Stripe live keys, or set ALLOW_TEST_PAYMENTS_WITH_REAL_REGISTRARS=true for staging against the registrar\'s sandbox');
}
