import { describe, expect, it } from 'vitest';
import { HEADER_HIDE_AFTER_PX, HEADER_TOP_THRESHOLD_PX } from '../../common/constants.ts';
import { nextHeaderVisible } from './headerVisibility.ts';

describe('header visibility on scroll', () => {
  it('stays visible while scrolling down above the hide line', () => {
    expect(nextHeaderVisible(true, 0, HEADER_HIDE_AFTER_PX)).toBe(true);
  });

  it('hides when scrolling down past the hide line', () => {
    expect(nextHeaderVisible(true, HEADER_HIDE_AFTER_PX, HEADER_HIDE_AFTER_PX + 1)).toBe(false);
  });

  it('comes back on any scroll up', () => {
    expect(nextHeaderVisible(false, 500, 499)).toBe(true);
  });

  it('shows within the top threshold even without an upward move', () => {
    expect(nextHeaderVisible(false, HEADER_TOP_THRESHOLD_PX, HEADER_TOP_THRESHOLD_PX)).toBe(true);
    expect(nextHeaderVisible(false, HEADER_TOP_THRESHOLD_PX + 1, HEADER_TOP_THRESHOLD_PX + 1)).toBe(false);
  });
});
