import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';

// MUI's ripple ends on a timer (about half a second) that can fire after a jsdom test file's window is gone, which
// Vitest reports as an uncaught "window is not defined". Let pending timers run while the window still exists.
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 800));
});
