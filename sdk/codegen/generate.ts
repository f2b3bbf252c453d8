// The SDK's codegen: openapi.yaml → sdk/src/generated/openapi.ts
// (openapi-typescript: `paths`, `components`, `operations`) and
// sdk/src/generated/operations.ts (operationId → { method, path, appJwt? }). Run from
// the repository root: `node bin/run-ts.mjs sdk/codegen/generate.ts`. The
// output is checked in; CI regenerates it and fails on any difference.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { renderGenerated } from './render.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = `${root}sdk/src/generated/`;

const files = await renderGenerated(parse(await readFile(`${root}openapi.yaml`, 'utf8')));
await mkdir(outDir, { recursive: true });
for (const [name, text] of Object.entries(files)) await writeFile(outDir + name, text);
console.error('codegen: wrote sdk/src/generated/openapi.ts and sdk/src/generated/operations.ts');
