#!/usr/bin/env node
// Part of `npm run build`: the server's JavaScript bundle (dist/server/server.mjs, esbuild), so `npm start` and the
// page benchmark run the built app as is.
import { ensureBuilt } from './lib/build-node.mjs';

const bundle = await ensureBuilt({ entry: 'src/server/server.ts', outdir: 'dist/server', name: 'server' });
console.log(`server bundle: ${bundle}`);
