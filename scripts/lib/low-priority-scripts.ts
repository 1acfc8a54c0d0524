/**
 * A Vite plugin that asks the browser to fetch the page's scripts after what it paints first. A public page arrives
 * rendered (HTML, its styles, its pictures), so no script is needed for the first paint; without this, the entry and
 * its modulepreloads go out at high priority and share a phone's slow connection with the CSS and the largest
 * picture. `fetchpriority="low"` on the entry and its preloads leaves them the bandwidth first.
 */
import type { Plugin } from 'vite';

export function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
          .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"'),
    },
  };
}
