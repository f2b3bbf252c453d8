#!/usr/bin/env -S node --initial-old-space-size=128
// The `wharf` CLI. It runs the compiled JavaScript in dist/ (bin/build.mjs,
// run by `npm install`). When the sources changed since that build (a git
// pull, an edit) it rebuilds first, in about a second, rather than run stale
// code or make the user remember `npm run build`.
//
// `--initial-old-space-size=128` (on the line above, so `npm start`, `npx
// wharf` and bench/spawn-wharf.ts all run with it; V8 takes it only at
// start-up) keeps V8's old-generation limit from dropping to just above the
// ~30 MB the server keeps live after its first full GC. Below that floor
// every request body's 64 KiB chunks (external memory to V8) pushed it into
// a full mark-compact per ≈ 29 MB received: 17–19 per 500 MB upload, ≈ 0.7 s
// of CPU, uploads at 360–440 MB/s instead of 600–890 (bench:assets). It
// only lets garbage wait longer before a full GC; no memory is reserved.
import { ensureBuilt } from './build.mjs';

function fail(message) {
  process.stderr.write(`wharf: ${message}\n`);
  process.exit(1);
}

try {
  const rebuilt = await ensureBuilt();
  if (rebuilt) process.stderr.write(`wharf: rebuilt dist/ (${rebuilt})\n`);
} catch (error) {
  fail(
    `could not build dist/ (${error instanceof Error ? error.message : String(error)}); run \`npm run build\` and read its errors`,
  );
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
