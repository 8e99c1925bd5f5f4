import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom has no matchMedia or ResizeObserver; Mantine needs both.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}

// jsdom has no scrollIntoView; Mantine's combobox scrolls the selected option into view.
if (!('scrollIntoView' in Element.prototype) || !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => undefined;
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine transitions finish on timers (a closing popover, a toast). One still pending
// when a test file ends would fire after jsdom is torn down ("window is not defined").
// Let them run out while the window still exists.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 400));
});
