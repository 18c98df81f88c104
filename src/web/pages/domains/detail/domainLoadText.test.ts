import { describe, expect, it } from 'vitest';
import { domainLoadText } from './domainLoadText.ts';

describe('domainLoadText', () => {
  it('a 404 or a malformed name is Domain not found, without a retry', () => {
    expect(domainLoadText('not-found')).toEqual({ text: 'Domain not found', retry: false });
    expect(domainLoadText('invalid-argument')).toEqual({ text: 'Domain not found', retry: false });
  });

  it('anything else is Failed to load domain, with a retry', () => {
    expect(domainLoadText('unavailable')).toEqual({ text: 'Failed to load domain', retry: true });
    expect(domainLoadText('internal')).toEqual({ text: 'Failed to load domain', retry: true });
  });
});
