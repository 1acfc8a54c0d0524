#!/usr/bin/env node
// After `vite build`: minifies the hand-written scripts Vite copies as they are (src/client/public/*.js: boot.js is
// on every server-rendered page, and its comments are for us, not for a phone), then writes .br and .gz beside every
// text asset of dist/client, so the server sends them precompressed (no compression work per request).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../dist/client', import.meta.url));
const TEXT = /\.(js|css|html|svg|json|map|txt)$/;
let count = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count += 1;
    }
  }
}

for (const name of readdirSync(root)) {
  if (!name.endsWith('.js')) continue;
  const file = join(root, name);
  writeFileSync(file, transformSync(readFileSync(file, 'utf8'), { minify: true, target: 'es2020' }).code);
}

walk(root);
console.log(`compressed ${count} assets (gzip and brotli)`);
