import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { takaFont } from './scripts/lib/taka-font.ts';
import { lowPriorityScripts } from './scripts/lib/low-priority-scripts.ts';
import { muiWithoutCssVars } from './scripts/lib/mui-without-css-vars.ts';
import { PHONE_REGION_META } from './src/shared/phone/phone.js';

const repo = fileURLToPath(new URL('.', import.meta.url));

/**
 * Modules the page replaces with its own version (`<name>.browser.js` beside them); the server renderer and the tests
 * keep the others. The page's phone formats load libphonenumber on first use (phone-formats.browser.js); its form
 * patterns run on the browser's own RegExp (pattern-engine.browser.js) instead of the server's RE2, which is only
 * needed for patterns the lint never lets through.
 */
function browserVersions(): Plugin {
  const replaced = ['phone-formats.js', 'pattern-engine.js'].map((name) => `${repo}src/shared/validation/${name}`);
  return {
    name: 'browser-versions',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr || process.env.VITEST || !replaced.some((file) => file.endsWith(source.slice(source.lastIndexOf('/') + 1)))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && replaced.includes(resolved.id) ? resolved.id.replace(/\.js$/, '.browser.js') : null;
    },
  };
}

/**
 * In `npm run dev` Vite serves the page itself: it carries DEFAULT_PHONE_REGION as the server's pages do
 * (src/server/plugins/client.ts), so the browser reads local numbers in the server's region. A build carries none:
 * the server adds it to each page at run time.
 */
function devPhoneRegion(): Plugin {
  return {
    name: 'dev-phone-region',
    apply: 'serve',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { name: PHONE_REGION_META, content: (process.env.DEFAULT_PHONE_REGION || 'BD').toUpperCase() }, injectTo: 'head' },
    ],
  };
}

/** @rjsf/utils' two URI operations on the browser's URL parser instead of fast-uri (src/client/form-engine/uri-resolver.ts). */
function uriResolverForRjsf(): Plugin {
  return {
    name: 'uri-resolver-for-rjsf',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || process.env.VITEST || source !== 'fast-uri' || !importer?.includes('/@rjsf/utils/')) return null;
      return `${repo}src/client/form-engine/uri-resolver.ts`;
    },
  };
}
/**
 * @rjsf/core's default registry (every default field, template and widget, most of which the engine's theme replaces)
 * in the page's form code only as far as a form draws it: src/client/form-engine/rjsf-defaults.tsx, same names.
 */
function rjsfDefaultsOnUse(): Plugin {
  const defaults = `${repo}src/client/form-engine/rjsf-defaults.tsx`;
  return {
    name: 'rjsf-defaults-on-use',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || process.env.VITEST || !source.endsWith('/getDefaultRegistry.js') || !importer?.includes('/@rjsf/core/lib/')) return null;
      return defaults;
    },
  };
}
const apiTarget = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The page lives in src/client; tests run from the repository root.
  root: process.env.VITEST ? repo : `${repo}src/client`,
  publicDir: `${repo}src/client/public`,
  plugins: [browserVersions(), devPhoneRegion(), uriResolverForRjsf(), rjsfDefaultsOnUse(), muiWithoutCssVars(), react(), takaFont(`${repo}src/client/fonts/generated`), lowPriorityScripts()],
  // Schema texts are plain text: RJSF's markdown renderer is replaced by one that shows them as written.
  resolve: { alias: [{ find: /^markdown-to-jsx\/react$/, replacement: `${repo}src/client/form-engine/plain-text-markdown.tsx` }] },
  build: {
    // `vite build --ssr entry-server.tsx` builds the server renderer (one self-contained file tree) beside the client.
    outDir: isSsrBuild ? `${repo}dist/ssr` : `${repo}dist/client`,
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Everything the entry imports statically is one chunk (the entry). Left to itself the bundler cut the modules the
    // entry shares with lazy screens into some 60 small chunks (MUI's internals, a hook each), and a form route loaded
    // 71 files where 38 do: each file's imports, exports and preload entries cost about 18 kB gzip on that route.
    // Material is not in the entry (pages to read are plain CSS; src/client/ui/site.css). What of it (and of Emotion,
    // the style engine and the theme: ThemeScope.tsx) at least 16 of the lazy screens share is one chunk that every
    // screen drawn with Material loads; the rest is split by the screens that use it. Measured on 26 Nov against 4, 8,
    // 12, 20, 24 and 40: the fewest bytes on the form routes (the project-owner form 230 kB, sign-in 211 kB), within
    // 1.3 kB of the entry that carried Material.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'] },
                {
                  name: 'mui-core',
                  test: /node_modules[\\/](@emotion|stylis|@mui|react-is|hoist-non-react-statics|clsx|@babel[\\/]runtime|react-transition-group)[\\/]|src[\\/]client[\\/]app[\\/](ThemeScope|theme)\./,
                  minShareCount: 16,
                },
              ],
            },
          },
        },
    // Fonts and images as files, never data: URLs (the Content-Security-Policy allows fonts from 'self' only).
    assetsInlineLimit: 0,
  },
  // The server renderer bundles its packages: it runs from dist/ssr without Vite, on plain Node.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  server: {
    port: 5173,
    fs: { allow: [repo] },
    proxy: { '/api': apiTarget },
  },
  // E2E=1 runs the browser tests (one file at a time: each starts a server and a browser).
  test: process.env.E2E
    ? {
        include: ['tests/e2e/**/*.test.ts'],
        globalSetup: ['tests/global-setup.ts'],
        fileParallelism: false,
        // Pages load their code lazily and call the API: give polled expectations time.
        expect: { poll: { timeout: 15_000, interval: 100 } },
        testTimeout: 240_000,
        hookTimeout: 120_000,
      }
    : {
        include: ['tests/**/*.test.{ts,tsx}'],
        exclude: ['tests/e2e/**', 'node_modules/**'],
        setupFiles: ['tests/setup.ts'],
        globalSetup: ['tests/global-setup.ts'],
        // Several suites start real server processes and CLIs; on a busy 2-core machine one start can take 30 s.
        // Most of a server test's time is spent waiting (PostgreSQL, a child process, a PDF): two files at a time
        // even on 2 cores (Vitest's default is one fewer worker than cores, so one at a time here). Each test builds
        // its own database (tests/server/helpers.ts), so files never share data.
        maxWorkers: Number(process.env.TEST_WORKERS) || 2,
        // Generous: a file sharing the machine with another (and a busy CI host) may run slowly; a fault still fails.
        testTimeout: 240_000,
        hookTimeout: 240_000,
      },
}));
