#!/usr/bin/env node
// Runs a TypeScript entry file through tsx's loader, so development scripts
// (codegen, benchmarks, the mock) work right after `npm install` on Node 20,
// which cannot strip types by itself. tsx is a dev dependency: `wharf` itself
// runs the compiled dist/ (bin/build.mjs).
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: run-ts.mjs <file.ts> [args…]');
  process.exit(2);
}
register();
process.argv = [process.argv[0], resolve(entry), ...rest];
await import(pathToFileURL(resolve(entry)).href);
