import { describe, expect, it } from 'vitest';
import { tldCostsFrom } from './namecheapPricing.ts';
import { child, parseXml } from './namecheapXml.ts';

// Hand-written in the two shapes public sources show for users.getPricing (registrar-review.md §1a).
const pricing = (rows: string) => parseXml(`<ApiResponse Status="OK"><CommandResponse><UserGetPricingResult>
  <ProductType Name="domains">${rows}</ProductType></UserGetPricingResult></CommandResponse></ApiResponse>`)!;
/** What the client hands the parser: the envelope's CommandResponse. */
const command = (root: ReturnType<typeof parseXml>) => child(child(root, 'ApiResponse'), 'CommandResponse')!;

describe('Namecheap users.getPricing', () => {
  it('adds AdditionalCost (the ICANN fee) to each row, and reads a promotional first year apart from the renewals', () => {
    const [com] = tldCostsFrom(command(pricing(`
      <ProductCategory Name="register"><Product Name="com">
        <Price Duration="1" DurationType="YEAR" Price="8.88" AdditionalCost="0.18" RegularPrice="10.98" Currency="USD"/>
        <Price Duration="2" DurationType="YEAR" Price="10.88" AdditionalCost="0.18" Currency="USD"/>
      </Product></ProductCategory>
      <ProductCategory Name="renew"><Product Name="com">
        <Price Duration="1" DurationType="YEAR" Price="12.98" AdditionalCost="0.18" Currency="USD"/>
      </Product></ProductCategory>`)));
    // Duration 2 at 10.88 a year (the review's reading) + 0.18 a year: 22.12 for the term.
    expect(com).toEqual({ tld: 'com', registerCents: 906, renewCents: 1316, transferCents: null, currency: 'USD', years: { register: { 2: 2212 } } });
  });

  it("reads a Duration row that is the whole term's price (other clients' fixtures) as that total", () => {
    const [com] = tldCostsFrom(command(pricing(`
      <ProductCategory Name="register"><Product Name="com">
        <Price Duration="1" DurationType="YEAR" Price="8.88" AdditionalCost="0.18" Currency="USD"/>
        <Price Duration="2" DurationType="YEAR" Price="17.76" AdditionalCost="0.36" Currency="USD"/>
      </Product></ProductCategory>`)));
    expect(com!.years).toEqual({ register: { 2: 1812 } });
  });

  it('never reads a term below its first year plus renewals when the first year is a deep promotion', () => {
    const [xyz] = tldCostsFrom(command(pricing(`
      <ProductCategory Name="register"><Product Name="xyz">
        <Price Duration="1" DurationType="YEAR" Price="0.99" Currency="USD"/>
        <Price Duration="10" DurationType="YEAR" Price="12.50" Currency="USD"/>
      </Product></ProductCategory>
      <ProductCategory Name="renew"><Product Name="xyz">
        <Price Duration="1" DurationType="YEAR" Price="13.98" Currency="USD"/>
      </Product></ProductCategory>`)));
    // 12.50 a year for ten years (125.00), not 12.50 for the whole term.
    expect(xyz!.years?.register?.[10]).toBe(12_500);
  });
});
