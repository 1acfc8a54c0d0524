#!/usr/bin/env node
// `npm run validate`: runs the JavaScript bundle of scripts/validate.ts (rebuilt first only when its sources
// changed), so a call starts in plain node without compiling TypeScript. See scripts/validate.ts for the usage.
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './lib/build-node.mjs';

const bundle = await ensureBuilt({ entry: 'scripts/validate.ts', outdir: 'dist/cli', name: 'validate' });
const { main } = await import(pathToFileURL(bundle).href);
await main();
