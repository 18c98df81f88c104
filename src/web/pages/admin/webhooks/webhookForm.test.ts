import { describe, expect, it } from 'vitest';
import { HEADERS_INVALID_JSON, HEADERS_NOT_OBJECT, NAME_AND_URL_REQUIRED, TEMPLATE_REQUIRED } from '../../../../common/admin/webhooks/texts.ts';
import { initialValues, parseHeaders, toSaveInput, validate } from './webhookForm.ts';

describe('webhook form', () => {
  it('starts from the spec defaults', () => {
    const v = initialValues(null);
    expect(v).toMatchObject({
      method: 'POST', isActive: true, authType: 'none', maxRetries: 3, backoffStrategy: 'exponential', initialDelay: 1000, maxDelay: 30000,
      timeout: 30000, followRedirects: false, transformEnabled: false,
    });
    expect(JSON.parse(v.headersText)).toEqual({ 'Content-Type': 'application/json' });
  });

  it('accepts only a JSON object of text values as headers', () => {
    expect(parseHeaders('{"X-A": "1"}')).toEqual({ headers: { 'X-A': '1' } });
    expect(parseHeaders('  ')).toEqual({ headers: {} });
    expect(parseHeaders('{"X-A": ')).toEqual({ error: HEADERS_INVALID_JSON });
    expect(parseHeaders('["X-A"]')).toEqual({ error: HEADERS_NOT_OBJECT });
    expect(parseHeaders('{"X-A": 1}')).toEqual({ error: HEADERS_NOT_OBJECT });
  });

  it('requires name and URL, and a template when the transform is on', () => {
    const errors = validate({ ...initialValues(null), transformEnabled: true });
    expect(errors).toMatchObject({ name: NAME_AND_URL_REQUIRED, url: NAME_AND_URL_REQUIRED, template: TEMPLATE_REQUIRED });
  });

  it('leaves out an empty token so the stored one is kept', () => {
    const input = toSaveInput({ ...initialValues(null), name: 'A', url: 'https://a.example', authType: 'bearer' }, 'wh-1');
    expect(input).toMatchObject({ webhookId: 'wh-1', authentication: { type: 'bearer' } });
    expect(input.authentication).not.toHaveProperty('token');
  });
});
