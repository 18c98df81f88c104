import { describe, expect, it } from 'vitest';
import { auditEntryTargetPath } from '../audit/texts.ts';

describe('audit entries of domains link to the domain page', () => {
  it('uses the name the entry recorded, before or after the change', () => {
    expect(auditEntryTargetPath({ targetType: 'domain', targetId: 'dom_1', after: { domain: 'example.com', accountId: 'a' } }))
      .toBe('/super-admin/domains/example.com');
    expect(auditEntryTargetPath({ targetType: 'domain', targetId: 'dom_1', before: { domain: 'gone.net' }, after: null }))
      .toBe('/super-admin/domains/gone.net');
  });

  it('has no link without a recorded name, and leaves other targets as they were', () => {
    expect(auditEntryTargetPath({ targetType: 'domain', targetId: 'dom_1', after: { fields: ['x'] } })).toBeNull();
    expect(auditEntryTargetPath({ targetType: 'account', targetId: 'acc 1' })).toBe('/super-admin/accounts/acc%201');
  });
});
