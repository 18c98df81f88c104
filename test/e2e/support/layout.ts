import type { Locator, Page } from 'playwright-core';

/** A phone in portrait, as the screens are checked at: 390 CSS pixels wide. */
export const PHONE = { width: 390, height: 844 };

/**
 * What makes the page scroll sideways: the elements that reach past the screen's right edge
 * (tag, class and text), or nothing when the page fits.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} "${(el.textContent ?? '').slice(0, 40)}"`);
  });
}

/** The badges inside `scope` whose text is cut (ellipsised or clipped), by their text. */
export function truncatedBadges(scope: Locator): Promise<string[]> {
  return scope.locator('.mantine-Badge-label').evaluateAll((labels) =>
    labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent ?? ''));
}

/** Whether the element is wholly inside the screen's width (not pushed off to the side of a scroller). */
export function fitsOnScreen(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth;
  });
}
