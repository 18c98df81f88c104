import { describe, expect, it } from 'vitest';
import { kindOfDirectadminError, refusalText } from './directadminErrors.ts';
import { isLoginPage, looksLikeApiAnswer, parseDirectadminAnswer } from './directadminWire.ts';

describe('DirectAdmin answers on the wire', () => {
  it('reads values and list[] lists of a URL-encoded answer', () => {
    expect(parseDirectadminAnswer('list[]=alice01&list[]=bob00002\n')).toEqual({ values: {}, lists: { list: ['alice01', 'bob00002'] } });
    expect(parseDirectadminAnswer('error=1&text=Unable%20to%20Create%20User&details=That%20domain%20already%20exists').values)
      .toEqual({ error: '1', text: 'Unable to Create User', details: 'That domain already exists' });
  });

  it('fixes HTML entities, unterminated ones too, before splitting the answer at its &', () => {
    expect(parseDirectadminAnswer('error=1&text=Can&#39t%20do&details=A%20&amp;%20B&quot;&#x27;x').values)
      .toEqual({ error: '1', text: "Can't do", details: 'A & B"\'x' });
    // An entity inside a URL-encoded value shows only after decoding.
    expect(parseDirectadminAnswer('name=O%26%2339%3BBrien').values.name).toBe("O'Brien");
    expect(parseDirectadminAnswer('&ltd=1&error=0').values).toEqual({ ltd: '1', error: '0' });
  });

  it('tells an API answer from an HTML page or garbage, and spots the login page', () => {
    expect(looksLikeApiAnswer('error=0&text=Can&#39t')).toBe(true);
    expect(looksLikeApiAnswer('')).toBe(true);
    expect(looksLikeApiAnswer('<html><body>Bad gateway</body></html>')).toBe(false);
    expect(looksLikeApiAnswer('Internal Server Error')).toBe(false);
    expect(isLoginPage('text/html; charset=utf-8', '<title>DirectAdmin Login</title>')).toBe(true);
    expect(isLoginPage('text/plain', 'error=0&text=DirectAdmin Login')).toBe(false);
  });

  it('maps the panel\'s texts to kinds; a missing package is refused, not a missing account', () => {
    expect(kindOfDirectadminError('Cannot execute command: CMD_API_SHOW_USERS does not exist in your authority level')).toBe('auth');
    expect(kindOfDirectadminError('Unable to Create User: That domain already exists')).toBe('exists');
    expect(kindOfDirectadminError("Unable to Create User: The package gold doesn't exist")).toBe('refused');
    expect(kindOfDirectadminError("Unable to modify user: User ghost001 doesn't exist")).toBe('not_found');
    expect(kindOfDirectadminError('Unable to assign the Reseller ANY ips')).toBe('refused');
  });

  it('keeps the panel\'s words without its markup', () => {
    expect(refusalText({ text: 'Users deleted', details: '<ul><li>a</li>\n<li>b</li></ul>' })).toBe('Users deleted: a b');
    expect(refusalText({})).toBe('the request was refused without a reason');
  });
});
