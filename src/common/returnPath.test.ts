import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, safeReturnPath } from './returnPath.ts';

describe('return paths after sign-in, sign-up and verification', () => {
  it('accepts paths on this site', () => {
    for (const path of ['/', '/accept-invitation/abc_DEF-123', '/tickets?status=open', '/profile#invitations']) {
      expect(isSafeReturnPath(path), path).toBe(true);
    }
  });

  it('refuses anything a browser could read as another origin or a script', () => {
    for (const target of [
      'https://evil.example', 'http://localhost:3000/', '//evil.example', '/\\evil.example', '/\\/evil.example',
      'javascript:alert(1)', 'evil.example', '', ' /profile', '/\tprofile', '/pro\nfile', `/${'a'.repeat(2048)}`,
    ]) {
      expect(isSafeReturnPath(target), JSON.stringify(target)).toBe(false);
    }
    expect(isSafeReturnPath(42)).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });

  it('falls back to home', () => {
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('/profile')).toBe('/profile');
  });
});
