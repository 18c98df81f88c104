import { describe, expect, it } from 'vitest';
import { acceptableUsername, generatePassword, generateUsername, PASSWORD_ALPHABET, usernamePrefix } from './accountNames.ts';

const count = (text: string, alphabet: string) => [...text].filter((c) => alphabet.includes(c)).length;

describe('generateUsername', () => {
  it('starts with the cleaned second-level label of the domain, at most five characters, and fills to eight', () => {
    for (let i = 0; i < 200; i += 1) {
      const name = generateUsername('My-Shop.example.com');
      expect(name).toMatch(/^[a-z][a-z0-9]{7}$/);
    }
    expect(usernamePrefix('My-Shop.com')).toBe('myshop'.slice(0, 5));
    expect(usernamePrefix('www.bakery.co.uk')).toBe('baker');
    expect(usernamePrefix('ab.io')).toBe('ab');
    expect(generateUsername('ab.io')).toMatch(/^ab[a-z0-9]{6}$/);
  });

  it('drops leading digits, falls back to u without a usable label, and never starts with test', () => {
    expect(usernamePrefix('123abc.com')).toBe('abc');
    expect(usernamePrefix('42.com')).toBe('u');
    expect(usernamePrefix(null)).toBe('u');
    expect(usernamePrefix('testing.com')).toBe('aing');
    for (let i = 0; i < 200; i += 1) {
      expect(generateUsername('t.com').startsWith('test')).toBe(false);
      expect(generateUsername(null)).toMatch(/^u[a-z0-9]{7}$/);
    }
  });

  it('rolls a new tail on each call, so a taken name is followed by another', () => {
    const names = new Set(Array.from({ length: 50 }, () => generateUsername('example.com')));
    expect(names.size).toBeGreaterThan(45);
  });

  it('refuses reserved and misleading names', () => {
    expect(acceptableUsername('password')).toBe(false);
    expect(acceptableUsername('postgres')).toBe(false);
    expect(acceptableUsername('cpanelxx')).toBe(false);
    expect(acceptableUsername('testabcd')).toBe(false);
    expect(acceptableUsername('1example')).toBe(false);
    expect(acceptableUsername('exampl3x')).toBe(true);
  });
});

describe('generatePassword', () => {
  it('is 20 characters of the safe alphabet with at least two of each class', () => {
    const safe = Object.values(PASSWORD_ALPHABET).join('');
    for (let i = 0; i < 300; i += 1) {
      const password = generatePassword('exampl3x');
      expect(password).toHaveLength(20);
      expect([...password].every((c) => safe.includes(c))).toBe(true);
      for (const alphabet of Object.values(PASSWORD_ALPHABET)) expect(count(password, alphabet)).toBeGreaterThanOrEqual(2);
      expect(password).not.toMatch(/[\s'"`\\&$<>/]/);
    }
  });

  it('never contains the username, in any case', () => {
    // A one-letter name forces many rejections: the answer still never holds it.
    for (let i = 0; i < 100; i += 1) expect(generatePassword('q').toLowerCase()).not.toContain('q');
  });

  it('differs on each call', () => {
    expect(new Set(Array.from({ length: 20 }, () => generatePassword('abc'))).size).toBe(20);
  });
});
