import { describe, expect, it } from 'vitest';
import { nameserverLabel, parseNameserverLines } from './nameserverLines.ts';

describe('nameserver lines', () => {
  it('trims each line and drops the blank ones, in the order typed', () => {
    expect(parseNameserverLines('  ns1.example.net \n\n\t\nns2.example.net\r\n ')).toEqual(['ns1.example.net', 'ns2.example.net']);
    expect(parseNameserverLines('   \n')).toEqual([]);
  });

  it('labels them NS1, NS2, ...', () => {
    expect([0, 1, 12].map(nameserverLabel)).toEqual(['NS1', 'NS2', 'NS13']);
  });
});
