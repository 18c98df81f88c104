import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A findBy… wait ends as soon as the element is there; its bound only has to outlast a busy CI
// machine, where the first render of a lazily imported page has taken over the default second.
configure({ asyncUtilTimeout: 5000 });

/**
 * What jsdom lacks and Mantine asks for: media queries (never matching: the desktop layout),
 * element resize observation, scrolling into view, and the font set (an autosized Textarea
 * listens to it).
 */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

Element.prototype.scrollIntoView ??= function scrollIntoView() {};

if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(cleanup);
