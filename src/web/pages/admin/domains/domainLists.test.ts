import { describe, expect, it } from 'vitest';
import { firstFailures, parseDomainList, parseNameservers } from './domainLists.ts';

describe('Bulk Add and Add Domain lists', () => {
  it('splits domains on commas and newlines, trims, lower-cases and keeps each once', () => {
    expect(parseDomainList(' Example.com,foo.net\r\n\nEXAMPLE.com , bar.org,,\nfoo.net ')).toEqual(['example.com', 'foo.net', 'bar.org']);
    expect(parseDomainList(' , \n ')).toEqual([]);
  });

  it('splits nameservers on commas or any whitespace', () => {
    expect(parseNameservers('ns1.example.com, ns2.example.com\tns3.example.com\nns4.example.com  ')).toEqual(
      ['ns1.example.com', 'ns2.example.com', 'ns3.example.com', 'ns4.example.com'],
    );
    expect(parseNameservers('   ')).toEqual([]);
  });

  it('shows the first ten failures and counts the rest', () => {
    const failures = Array.from({ length: 13 }, (_, i) => i);
    expect(firstFailures(failures, 10)).toEqual({ shown: failures.slice(0, 10), more: 3 });
    expect(firstFailures(failures.slice(0, 4), 10)).toEqual({ shown: failures.slice(0, 4), more: 0 });
  });
});
