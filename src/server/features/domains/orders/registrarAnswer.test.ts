import { describe, expect, it } from 'vitest';
import { maskCredentials } from './registrarAnswer.ts';

describe('a registrar answer shown to operators', () => {
  it('keeps the registrar\'s words and hides every credential it quotes back', () => {
    expect(maskCredentials('Error 1011102: API Key is invalid (ApiUser=acme&ApiKey=0f3c9a77&ClientIp=10.0.0.1)'))
      .toBe('Error 1011102: API Key is invalid (ApiUser=acme&ApiKey=••••&ClientIp=10.0.0.1)');
    expect(maskCredentials('command=Purchase uid=reseller pw=s3cr3t! token: "abc def" secret=\'x y\''))
      .toBe('command=Purchase uid=reseller pw=•••• token: •••• secret=••••');
    expect(maskCredentials('https://api.dynadot.com/api3.json?key=K123&command=register')).toBe('https://api.dynadot.com/api3.json?key=••••&command=register');
  });

  it('leaves an answer without credentials as it is', () => {
    const answer = 'The supplier refused the request. namecheap: 2011322 Extended attributes are invalid (domain name: acme.us).';
    expect(maskCredentials(answer)).toBe(answer);
  });
});
