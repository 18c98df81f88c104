import { clientOf, type Credentials, type Route } from '../../test/scaled/support/api.ts';

/** One seeded customer: a session, an account and tickets of their own to read and answer. */
export interface SeededCustomer extends Credentials {
  accountId: string;
  ticketIds: string[];
}

/**
 * The benchmark's data: `count` customers signed up through the portal's own API (as the sign-up
 * page would), each with an account and `ticketsEach` tickets. Each sign-up comes from an address
 * of its own (X-Forwarded-For through nginx): sign-up is limited to 10 a minute per address.
 */
export async function generateCustomers(publicUrl: string, count: number, ticketsEach: number): Promise<SeededCustomer[]> {
  const api = clientOf(publicUrl);
  const customers: SeededCustomer[] = [];
  // Two at a time: each sign-up hashes a password with scrypt (N=2^17), the slow part on 2 cores.
  for (let i = 0; i < count; i += 2) {
    const batch = await Promise.all([i, i + 1].filter((k) => k < count).map(async (k) => {
      const route: Route = { base: publicUrl, address: `10.20.${Math.floor(k / 250)}.${(k % 250) + 1}` };
      const customer = await api.newCustomer(route, `bench${k}`);
      const ticketIds: string[] = [];
      for (let t = 0; t < ticketsEach; t += 1) {
        const { ticketId } = await api.ok(route, 'submitTicket', {
          subject: `Bench ticket ${t} of customer ${k}`, description: 'Seeded for the scaled benchmark: a question about a hosting plan.',
          priority: t % 3 === 0 ? 'high' : 'medium', accountId: customer.accountId,
        }, customer);
        ticketIds.push(ticketId);
      }
      return { ...customer, ticketIds };
    }));
    customers.push(...batch);
  }
  return customers;
}
