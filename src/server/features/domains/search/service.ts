import type { z } from 'zod';
import type { SearchResult, searchDomains as searchContract } from '../../../../common/domains/contract.ts';
import { decideSearch, parseDomainQuery } from '../../../../common/domains/search.ts';
import { needsRegistrantFields, registrantFieldsNotSold } from '../../../../common/domains/registryRequirements.ts';
import type { Registrar } from '../../../integrations/registrars/registrar.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import { failedPrecondition, invalidArgument } from '../../../rpc/errors.ts';
import { type Answers, type NameToCheck, SUPPLIER_CHECK_TIMEOUT_MS, checkPerSupplier } from './availability.ts';
import { type SellPrice, sellPrices } from '../pricing/tldPrices.ts';

export const CHECK_FAILED = 'Could not check availability right now.';

type SearchInput = z.output<typeof searchContract.input>;
type SearchAnswer = z.input<typeof searchContract.output>;

/** The cheapest of the TLD's suppliers that this installation has a registrar for (a record may outlive its credentials). */
function supplierOf(price: SellPrice | undefined, registrars: readonly Registrar[]): Registrar | null {
  for (const id of price?.supplierIds ?? []) {
    const registrar = registrars.find((r) => r.id === id);
    if (registrar) return registrar;
  }
  return null;
}

/**
 * Available names show our sell price; a premium name shows the registrar's premium price as
 * it is, with no markup (docs/decisions.md). Taken names and names not checked show none.
 */
function resultOf(name: NameToCheck, price: SellPrice | undefined, answers: Answers): SearchResult {
  const answer = answers.get(name.domain) ?? null;
  const supplier = name.registrar?.name ?? null;
  if (!answer || answer.error !== null) {
    return { domain: name.domain, available: false, price: null, priceCents: null, premium: false, supplier, error: CHECK_FAILED };
  }
  const priceCents = !answer.available ? null : answer.premium ? answer.premiumPriceCents : price?.registerCents ?? null;
  return {
    domain: name.domain, available: answer.available, price: priceCents === null ? null : priceCents / 100, priceCents,
    premium: answer.premium, supplier, error: null,
  };
}

/**
 * The spec's search: the server parses the query and decides the mode and TLDs from our own
 * prices (whatever mode, TLDs or parsed input the client sends), then asks the suppliers.
 */
export async function searchDomains(ctx: SignedInContext, input: SearchInput): Promise<SearchAnswer> {
  const { db, registrars, config } = ctx.services;
  const parsed = parseDomainQuery(input.query);
  if (!parsed.ok) throw invalidArgument(parsed.error);

  const prices = await sellPrices(db);
  const pricedTlds = Object.fromEntries([...prices].map(([tld, price]) => [tld, price.registerCents]));
  const decision = decideSearch({ parsed, selectedTlds: input.tlds, pricedTlds });
  if (!decision.ok) throw failedPrecondition(decision.error);
  // A TLD not sold because its registry needs registrant fields says why, not only that it is unsupported.
  if (decision.mode === 'full-domain-unsupported' && parsed.tld !== null && needsRegistrantFields(parsed.tld)) {
    decision.message = registrantFieldsNotSold(parsed.tld);
  }

  const names = decision.tlds.map((tld): NameToCheck => ({ domain: `${parsed.name}.${tld}`, registrar: supplierOf(prices.get(tld), registrars) }));
  const answers = await checkPerSupplier(names, config.domainSearchTimeoutMs ?? SUPPLIER_CHECK_TIMEOUT_MS, ctx.log);
  return {
    success: true,
    mode: decision.mode,
    message: decision.message,
    results: names.map((name, i) => resultOf(name, prices.get(decision.tlds[i]!), answers)),
  };
}
