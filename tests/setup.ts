import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';

// Screens load their code and widgets lazily: on a busy 2-core machine (a CI run, the server suites beside) a find
// can take longer than Testing Library's one second without anything being wrong (a CI run with other work on the
// machine once took over 5 s to draw a screen's lazily loaded panel). A find returns as soon as it finds, so a long
// limit only costs time when something is really missing.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}

// MUI's ripple ends on a timer (about half a second) that can fire after a jsdom test file's window is gone, which
// Vitest reports as an uncaught "window is not defined". Let pending timers run while the window still exists.
afterAll(async () => {
  if (typeof window === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 800));
});
