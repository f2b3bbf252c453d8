#!/usr/bin/env node
// The `wharf` CLI. Node 20 cannot run TypeScript by itself, so the entry
// registers tsx's loader and imports the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../server/main.ts');
process.exitCode = await main(process.argv.slice(2));
