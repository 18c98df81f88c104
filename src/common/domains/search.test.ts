import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SELECTED_TLDS, NAME_MAX_LENGTH, NO_SELECTION_TLDS, POPULAR_TLDS, POPULAR_TLDS_MAX, PRICING_PANEL_SIZE,
  RECENT_SEARCHES_MAX, SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME, SEARCH_NO_ACCOUNT, SEARCH_NO_SUPPORTED_TLDS,
  SELECTABLE_TLDS, SELECTED_TLDS_MAX, SUPPORTED_EXTRA_TLDS, TLD_MAX_LENGTH, TLD_MIN_LENGTH, addRecentSearch,
  decideSearch, normalizeTld, parseDomainQuery, popularTlds, pricingPanel, searchedQuery, tldSupportedMessage,
  tldUnsupportedMessage, type RecentSearch,
} from './search.ts';

const VALID_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const VALID_TLD = /^[a-z]{2,10}(?:\.[a-z]{2,10})?$/;

/** The spec's ten TLDs at distinct prices, so a message shows which one it priced. */
const ALL_PRICED: Record<string, number> = Object.fromEntries(SELECTABLE_TLDS.map((tld, i) => [tld, 1000 + i * 100]));

function parsed(input: string) {
  const result = parseDomainQuery(input);
  if (!result.ok) throw new Error(`${JSON.stringify(input)} did not parse: ${result.error}`);
  return { name: result.name, tld: result.tld };
}

function decided(input: Parameters<typeof decideSearch>[0]) {
  const result = decideSearch(input);
  if (!result.ok) throw new Error(result.error);
  return { mode: result.mode, tlds: result.tlds, message: result.message };
}

describe('the spec constants of domain search', () => {
  it('has the ten selectable TLDs, .com and .net ticked by default, and the popular list', () => {
    expect(SELECTABLE_TLDS).toEqual(['com', 'net', 'org', 'info', 'biz', 'co', 'io', 'app', 'dev', 'tech']);
    expect(DEFAULT_SELECTED_TLDS).toEqual(['com', 'net']);
    expect(POPULAR_TLDS).toEqual(['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'biz']);
    expect([POPULAR_TLDS_MAX, SUPPORTED_EXTRA_TLDS, NO_SELECTION_TLDS, RECENT_SEARCHES_MAX, PRICING_PANEL_SIZE])
      .toEqual([8, 6, 4, 5, 10]);
    expect([TLD_MIN_LENGTH, TLD_MAX_LENGTH]).toEqual([2, 10]);
  });

  it('words every message as the spec does', () => {
    expect(SEARCH_EMPTY_QUERY).toBe('Please enter a domain name to search.');
    expect(SEARCH_NO_ACCOUNT).toBe('Please select an active account first.');
    expect(SEARCH_INVALID_NAME).toBe('Please enter a valid domain name.');
    expect(SEARCH_NO_SUPPORTED_TLDS).toBe('No supported TLDs available for search. Please try again later.');
    expect(tldSupportedMessage('com', 1299)).toBe('.com is supported ($12.99)');
    expect(tldSupportedMessage('co.uk', 800)).toBe('.co.uk is supported ($8.00)');
    expect(tldUnsupportedMessage('xyz')).toBe('.xyz is not supported. Showing popular alternatives instead.');
  });
});

describe('parseDomainQuery', () => {
  it('lower-cases and trims, and keeps what was typed as the original query', () => {
    expect(parseDomainQuery('  MyShop.COM \n')).toEqual({ ok: true, name: 'myshop', tld: 'com', originalQuery: 'MyShop.COM' });
    expect(parseDomainQuery('MyShop')).toEqual({ ok: true, name: 'myshop', tld: null, originalQuery: 'MyShop' });
  });

  it('refuses an empty query, and one with nothing left after stripping', () => {
    for (const input of ['', '   ', '\t\n', undefined, null, 42]) {
      expect(parseDomainQuery(input), JSON.stringify(input)).toEqual({ ok: false, error: SEARCH_EMPTY_QUERY });
    }
    for (const input of ['!!!', '---', '.com', '***.com', 'üïé', 'https://', '-.-', `${'a'.repeat(NAME_MAX_LENGTH + 1)}.com`]) {
      expect(parseDomainQuery(input), input).toEqual({ ok: false, error: SEARCH_INVALID_NAME });
    }
  });

  it('accepts a name of 63 characters, the longest DNS label', () => {
    expect(parsed(`${'a'.repeat(NAME_MAX_LENGTH)}.com`).name).toHaveLength(NAME_MAX_LENGTH);
  });

  it('strips the name to a-z, 0-9 and hyphens, without a hyphen at either end', () => {
    expect(parsed('my shop_2024!.com')).toEqual({ name: 'myshop2024', tld: 'com' });
    expect(parsed('--my-shop--.net')).toEqual({ name: 'my-shop', tld: 'net' });
    expect(parsed('café')).toEqual({ name: 'caf', tld: null });
  });

  it('recognises a TLD of 2 to 10 letters after the last dot, and otherwise treats it as part of the name', () => {
    expect(parsed('example.io')).toEqual({ name: 'example', tld: 'io' });
    expect(parsed('example.technology')).toEqual({ name: 'example', tld: 'technology' });
    expect(parsed('example.c')).toEqual({ name: 'examplec', tld: null });
    expect(parsed('example.abcdefghijk')).toEqual({ name: 'exampleabcdefghijk', tld: null });
    expect(parsed('example.c0m')).toEqual({ name: 'examplec0m', tld: null });
    expect(parsed('example.')).toEqual({ name: 'example', tld: null });
    expect(parsed('example.com.')).toEqual({ name: 'example', tld: 'com' });
  });

  it('recognises a two-part TLD under a country code, but not a subdomain or a lone second-level label', () => {
    expect(parsed('example.co.uk')).toEqual({ name: 'example', tld: 'co.uk' });
    expect(parsed('Example.COM.AU')).toEqual({ name: 'example', tld: 'com.au' });
    expect(parsed('shop.org.nz')).toEqual({ name: 'shop', tld: 'org.nz' });
    expect(parsed('co.uk')).toEqual({ name: 'co', tld: 'uk' });
    expect(parsed('www.co.uk')).toEqual({ name: 'www', tld: 'co.uk' });
    // The top label is no country code: 'com' is the TLD and the rest the name, dots stripped.
    expect(parsed('google.com.com')).toEqual({ name: 'googlecom', tld: 'com' });
    // Not a known second-level label.
    expect(parsed('example.shop.uk')).toEqual({ name: 'exampleshop', tld: 'uk' });
    expect(parsed('mail.example.com')).toEqual({ name: 'mailexample', tld: 'com' });
  });

  it('reduces a pasted address to its host, without www.', () => {
    expect(parseDomainQuery('https://www.Example.com/path')).toEqual({
      ok: true, name: 'example', tld: 'com', originalQuery: 'https://www.Example.com/path',
    });
    expect(parsed('http://user:secret@shop.example.co.uk:8080/a?b=c#d')).toEqual({ name: 'shopexample', tld: 'co.uk' });
    expect(parsed('example.org/about')).toEqual({ name: 'example', tld: 'org' });
    expect(parsed('example.org?x=1')).toEqual({ name: 'example', tld: 'org' });
    expect(parsed('//example.dev')).toEqual({ name: 'example', tld: 'dev' });
    expect(parsed('john@example.net')).toEqual({ name: 'example', tld: 'net' });
    expect(parsed('www.example')).toEqual({ name: 'www', tld: 'example' });
    expect(parsed('www.com')).toEqual({ name: 'www', tld: 'com' });
    expect(parsed('www.')).toEqual({ name: 'www', tld: null });
    expect(parsed('example .com')).toEqual({ name: 'example', tld: 'com' });
  });

  it('never throws, and answers a valid name and TLD or one of its two errors, whatever is typed', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ unit: fc.constantFrom('a', 'Z', '0', '-', '.', '/', ':', '@', ' ', '\0', 'é', 'İ', '😀', 'w'), maxLength: 80 }),
      fc.tuple(fc.constantFrom('', 'https://', 'www.', ' '), fc.domain(), fc.constantFrom('', '/', '.', ':80', ' '))
        .map((parts) => parts.join('')),
    );
    fc.assert(fc.property(anyText, (input) => {
      const result = parseDomainQuery(input);
      if (!result.ok) return [SEARCH_EMPTY_QUERY, SEARCH_INVALID_NAME].includes(result.error);
      return VALID_NAME.test(result.name) && (result.tld === null || VALID_TLD.test(result.tld))
        && result.originalQuery === input.trim();
    }), { numRuns: 2000 });
  });

  it('copes with very long pastes', () => {
    const long = `${'-'.repeat(200_000)}a${'-'.repeat(200_000)}b\0${'.'.repeat(200_000)}`;
    expect(parseDomainQuery(long)).toEqual({ ok: false, error: SEARCH_INVALID_NAME });
    expect(parsed(`${'-'.repeat(200_000)}ab${'-'.repeat(200_000)}.com${'.'.repeat(200_000)}`)).toEqual({ name: 'ab', tld: 'com' });
  });

  it('parses its own output to the same name and TLD', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 100 }), fc.domain(), fc.webUrl()), (input) => {
      const first = parseDomainQuery(input);
      if (!first.ok) return true;
      const again = parseDomainQuery(searchedQuery(first));
      return again.ok && again.name === first.name && again.tld === first.tld;
    }), { numRuns: 2000 });
  });
});

describe('normalizeTld', () => {
  it('takes a TLD with or without its dot, in any case, and nothing else', () => {
    expect([' .COM ', 'co.uk', '.Co.Uk'].map(normalizeTld)).toEqual(['com', 'co.uk', 'co.uk']);
    expect(['', '.', 'c', 'c0m', 'a.b.c', 'example.com.au', 'toolongtldxx', '__proto__', 7].map(normalizeTld))
      .toEqual(Array(9).fill(null));
  });
});

describe('decideSearch', () => {
  it('searches a name alone in the ticked TLDs that are priced', () => {
    expect(decided({ parsed: parsed('shop'), selectedTlds: ['com', 'net'], pricedTlds: ALL_PRICED }))
      .toEqual({ mode: 'domain', tlds: ['com', 'net'], message: null });
    expect(decided({ parsed: parsed('shop'), selectedTlds: ['.TECH', 'com', 'tech', 'xyz'], pricedTlds: ALL_PRICED }).tlds)
      .toEqual(['tech', 'com']);
  });

  it('searches a name alone with nothing ticked in the first 4 popular TLDs that are priced', () => {
    expect(decided({ parsed: parsed('shop'), selectedTlds: [], pricedTlds: ALL_PRICED }))
      .toEqual({ mode: 'domain', tlds: ['com', 'net', 'org', 'io'], message: null });
    const withoutOrg = { ...ALL_PRICED, org: Number.NaN };
    expect(decided({ parsed: parsed('shop'), selectedTlds: [], pricedTlds: withoutOrg }).tlds).toEqual(['com', 'net', 'io', 'co']);
    // None of the ticked ones priced: as if none were ticked, rather than an empty search.
    expect(decided({ parsed: parsed('shop'), selectedTlds: ['xyz'], pricedTlds: ALL_PRICED }).tlds)
      .toEqual(['com', 'net', 'org', 'io']);
  });

  it('caps the ticked TLDs at the number of checkboxes', () => {
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`t${String.fromCharCode(97 + i)}`, 100]));
    expect(decided({ parsed: parsed('shop'), selectedTlds: Object.keys(many), pricedTlds: many }).tlds).toHaveLength(SELECTED_TLDS_MAX);
  });

  it('searches a typed TLD that has a price first, with up to 6 others, popular first', () => {
    expect(decided({ parsed: parsed('shop.tech'), selectedTlds: ['com'], pricedTlds: ALL_PRICED })).toEqual({
      mode: 'full-domain-supported',
      tlds: ['tech', 'com', 'net', 'org', 'io', 'co', 'app'],
      message: '.tech is supported ($19.00)',
    });
    expect(decided({ parsed: parsed('shop.co.uk'), selectedTlds: [], pricedTlds: { 'co.uk': 899, com: 1299 } })).toEqual({
      mode: 'full-domain-supported', tlds: ['co.uk', 'com'], message: '.co.uk is supported ($8.99)',
    });
  });

  it('searches popular alternatives, up to 8 priced ones, when the typed TLD has no price', () => {
    expect(decided({ parsed: parsed('shop.xyz'), selectedTlds: ['tech'], pricedTlds: ALL_PRICED })).toEqual({
      mode: 'full-domain-unsupported',
      tlds: ['com', 'net', 'org', 'io', 'co', 'app', 'dev', 'biz'],
      message: '.xyz is not supported. Showing popular alternatives instead.',
    });
    expect(decided({ parsed: parsed('shop.xyz'), selectedTlds: [], pricedTlds: { dev: 1500, net: 1100 } }).tlds)
      .toEqual(['net', 'dev']);
  });

  it('fills the counts from other priced TLDs when too few popular ones are priced', () => {
    expect(decided({ parsed: parsed('shop.xyz'), selectedTlds: [], pricedTlds: { tech: 1, info: 2, 'co.uk': 3, com: 4 } }).tlds)
      .toEqual(['com', 'info', 'tech', 'co.uk']);
  });

  it('refuses to search when no TLD has a usable price', () => {
    for (const pricedTlds of [{} as Record<string, number>, { com: -1, net: Number.NaN, org: 12.5, '...': 100 }]) {
      expect(decideSearch({ parsed: parsed('shop.com'), selectedTlds: ['com'], pricedTlds }))
        .toEqual({ ok: false, error: SEARCH_NO_SUPPORTED_TLDS });
    }
  });

  it('only ever answers priced TLDs, without duplicates, within the caps', () => {
    const tld = fc.oneof(fc.constantFrom(...SELECTABLE_TLDS, 'co.uk', 'xyz', '.COM', 'Net'), fc.string({ maxLength: 12 }));
    const priceList = fc.dictionary(tld, fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(-5, 1.5, Number.NaN)));
    fc.assert(fc.property(fc.string({ maxLength: 40 }), fc.array(tld, { maxLength: 15 }), priceList, (input, selectedTlds, pricedTlds) => {
      const query = parseDomainQuery(input);
      if (!query.ok) return true;
      const decision = decideSearch({ parsed: query, selectedTlds, pricedTlds });
      const priced = new Set(Object.entries(pricedTlds)
        .filter(([, cents]) => Number.isSafeInteger(cents) && cents >= 0)
        .map(([key]) => normalizeTld(key))
        .filter((key) => key !== null));
      if (!decision.ok) return priced.size === 0 && decision.error === SEARCH_NO_SUPPORTED_TLDS;
      const cap = { domain: SELECTED_TLDS_MAX, 'full-domain-supported': 1 + SUPPORTED_EXTRA_TLDS, 'full-domain-unsupported': POPULAR_TLDS_MAX }[decision.mode];
      return decision.tlds.length > 0 && decision.tlds.length <= cap
        && new Set(decision.tlds).size === decision.tlds.length
        && decision.tlds.every((t) => priced.has(t))
        && (decision.mode === 'domain') === (query.tld === null);
    }), { numRuns: 2000 });
  });
});

describe('popular list and pricing side panel', () => {
  it('lists the popular TLDs that are priced, in priority order', () => {
    expect(popularTlds({ biz: 1, com: 2, tech: 3, io: 4 })).toEqual(['com', 'io', 'biz']);
    expect(popularTlds(ALL_PRICED)).toEqual([...POPULAR_TLDS]);
  });

  it('shows 10 TLDs with their prices and counts the rest', () => {
    const panel = pricingPanel({ ...ALL_PRICED, 'co.uk': 899, xyz: 199 });
    expect(panel.shown).toHaveLength(PRICING_PANEL_SIZE);
    expect(panel.shown[0]).toEqual({ tld: 'com', priceCents: 1000 });
    expect(panel.moreCount).toBe(2);
    expect(pricingPanel({ com: 1299 })).toEqual({ shown: [{ tld: 'com', priceCents: 1299 }], moreCount: 0 });
  });
});

describe('recent searches', () => {
  const entry = (query: string, tlds: string[], timestamp: number): RecentSearch =>
    ({ query, originalQuery: query.toUpperCase(), tlds, mode: 'domain', timestamp });

  it('keeps the last 5, newest first', () => {
    let recent: RecentSearch[] = [];
    for (let i = 1; i <= 7; i += 1) recent = addRecentSearch(recent, entry(`name${i}`, ['com'], i));
    expect(recent.map((r) => r.query)).toEqual(['name7', 'name6', 'name5', 'name4', 'name3']);
  });

  it('moves a repeated search (same query, same TLDs in any order) to the top instead of listing it twice', () => {
    let recent = [entry('a', ['com', 'net'], 1), entry('b', ['com'], 2)].reverse();
    recent = addRecentSearch(recent, entry('a', ['net', 'com'], 3));
    expect(recent.map((r) => [r.query, r.timestamp])).toEqual([['a', 3], ['b', 2]]);
    recent = addRecentSearch(recent, entry('a', ['com'], 4));
    expect(recent.map((r) => [r.query, r.tlds.join()])).toEqual([['a', 'com'], ['a', 'net,com'], ['b', 'com']]);
  });

  it('does not change the list it was given', () => {
    const recent = [entry('a', ['com'], 1)];
    addRecentSearch(recent, entry('b', ['com'], 2));
    expect(recent).toEqual([entry('a', ['com'], 1)]);
  });
});
