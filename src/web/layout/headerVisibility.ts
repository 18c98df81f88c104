import { useEffect, useState } from 'react';
import { HEADER_HIDE_AFTER_PX, HEADER_TOP_THRESHOLD_PX } from '../../common/constants.ts';

/**
 * Whether the header shows after the page scrolled from `lastY` to `y`: always near the top,
 * hidden when moving down past the hide line, shown again as soon as the user scrolls up.
 */
export function nextHeaderVisible(visible: boolean, lastY: number, y: number): boolean {
  if (y <= HEADER_TOP_THRESHOLD_PX) return true;
  if (y > lastY && y > HEADER_HIDE_AFTER_PX) return false;
  if (y < lastY) return true;
  return visible;
}

/** Tracks window scrolling and answers whether the top bar should be on screen. */
export function useHeaderVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setVisible((current) => nextHeaderVisible(current, lastY, y));
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return visible;
}
