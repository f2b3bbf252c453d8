#!/usr/bin/env node
// The `wharf` CLI. It runs the compiled JavaScript in dist/ (bin/build.mjs,
// run by `npm install`). When the sources changed since that build (a git
// pull, an edit) it rebuilds first, in about a second, rather than run stale
// code or make the user remember `npm run build`.
import { ensureBuilt } from './build.mjs';

function fail(message) {
  process.stderr.write(`wharf: ${message}\n`);
  process.exit(1);
}

try {
  const rebuilt = await ensureBuilt();
  if (rebuilt) process.stderr.write(`wharf: rebuilt dist/ (${rebuilt})\n`);
} catch (error) {
  fail(`could not build dist/ (${error instanceof Error ? error.message : String(error)}); run \`npm run build\` and read its errors`);
}
const { main } = await import('../dist/server/main.js');
let code;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`wharf: ${error instanceof Error ? error.message : String(error)}\n`);
  code = 1;
}
// Exit explicitly with main's status: `serve` resolves only once it has shut
// down, and no lingering handle should keep a finished command alive.
process.exit(code);
