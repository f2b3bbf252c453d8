// The package's CommonJS half, for `require('@wharf/sdk')`: each ESM file
// tsc wrote into dist/esm/ rewritten as CommonJS by esbuild (no bundling, so
// the modules and their names stay the same), and a package.json of
// {"type":"commonjs"} so that Node and TypeScript read that folder's .js and
// .d.ts as CommonJS. Cheaper than a second tsc run over the generated types.
// Its types are one index.d.ts re-exporting dist/esm's declarations (TypeScript
// accepts a type re-export across formats): a copy of every .d.ts would double
// the installed size for the same text.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { transform } from 'esbuild';

const esm = 'dist/esm';
const cjs = 'dist/cjs';
const files = (await readdir(esm, { recursive: true })).filter((file) => file.endsWith('.js'));

for (const file of files) {
  await mkdir(dirname(join(cjs, file)), { recursive: true });
  // transform, not build: build would see dist/esm as "type": "module" and import a dependency's default
  // export as Node's ESM does (the whole CommonJS exports object), but this output require()s the
  // dependency's CommonJS build, whose default is `exports.default` under `__esModule` (openapi-fetch).
  const { code } = await transform(await readFile(join(esm, file), 'utf8'), { format: 'cjs', target: 'es2022' });
  await writeFile(join(cjs, file), code);
}
await writeFile(join(cjs, 'index.d.ts'), "export * from '../esm/index.js';\n");
await writeFile(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
