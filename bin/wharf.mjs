#!/usr/bin/env node
// The `wharf` CLI. Node 20 cannot run TypeScript by itself, so the entry
// registers tsx's loader and imports the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/main.ts');
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
