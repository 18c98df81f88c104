import { describe, expect, it } from 'vitest';
import { MASKED_VALUE as M } from '../../../common/admin/deliveries/texts.ts';
import { maskedHeaders, maskedUrl } from './deliveryHeaders.ts';

describe('what an operator sees of a logged request', () => {
  it.each([
    ['https://hooks.example.test/in', 'https://hooks.example.test/in'],
    ['https://ops:hunter2@hooks.example.test/in', `https://ops:${M}@hooks.example.test/in`],
    // A user name alone is not a secret.
    ['https://ops@hooks.example.test/in', 'https://ops@hooks.example.test/in'],
    ['https://h.example.test/in?team=ops&access_token=t1&X-Api-Key=k#frag', `https://h.example.test/in?team=ops&access_token=${M}&X-Api-Key=${M}#frag`],
    ['https://h.example.test/in?%74oken=t1', `https://h.example.test/in?%74oken=${M}`],
    ['https://h.example.test/in?password', 'https://h.example.test/in?password'],
  ])('masks credentials in %s', (url, shown) => {
    expect(maskedUrl(url)).toBe(shown);
  });

  it('masks credential headers whatever their case, keeping the scheme, and reads odd stored values safely', () => {
    expect(maskedHeaders(JSON.stringify({
      Authorization: 'Bearer abc', 'proxy-authorization': 'Basic eDp5', Cookie: 'sid=1', 'X-Auth-Token': 'zzz', 'x-client-secret': 's',
      'webhook-id': 'msg_1', 'content-length': 12, 'set-cookie': ['a=1', 'b=2'], nested: { a: 1 },
    }))).toEqual({
      Authorization: `Bearer ${M}`, 'proxy-authorization': `Basic ${M}`, Cookie: M, 'X-Auth-Token': M, 'x-client-secret': M,
      'webhook-id': 'msg_1', 'content-length': '12', 'set-cookie': M,
    });
    expect(maskedHeaders(null)).toBeNull();
    expect(maskedHeaders('{not json')).toEqual({});
    expect(maskedHeaders('"text"')).toEqual({});
    expect(maskedHeaders('[["a","b"]]')).toEqual({});
  });
});
