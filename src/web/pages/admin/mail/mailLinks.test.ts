import { describe, expect, it } from 'vitest';
import { linksIn } from './mailLinks.ts';

describe('linksIn', () => {
  it('finds each web link once, without the sentence\'s punctuation, and nothing else', () => {
    const text = 'Reset: https://portal.example/reset-password?token=abc-1.\nAgain (https://portal.example/reset-password?token=abc-1) '
      + 'or http://x.test/a?b=c, not javascript:alert(1) nor ftp://files.test';
    expect(linksIn(text)).toEqual(['https://portal.example/reset-password?token=abc-1', 'http://x.test/a?b=c']);
    expect(linksIn('No links here.')).toEqual([]);
  });
});
