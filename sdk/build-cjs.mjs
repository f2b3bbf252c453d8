// The package's CommonJS half, for `require('@wharf/sdk')`: each ESM file
// tsc wrote into dist/esm/ rewritten as CommonJS by esbuild (no bundling, so
// the modules and their names stay the same), the .d.ts files copied beside
// them, and a package.json of {"type":"commonjs"} so that Node and TypeScript
// read that folder's .js and .d.ts as CommonJS. Cheaper than a second tsc run
// over the generated types, and the declarations are the same text.
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { transform } from 'esbuild';

const esm = 'dist/esm';
const cjs = 'dist/cjs';
const files = (await readdir(esm, { recursive: true })).filter((file) => /\.(js|d\.ts)$/.test(file));

for (const file of files) {
  await mkdir(dirname(join(cjs, file)), { recursive: true });
  if (file.endsWith('.d.ts')) {
    await copyFile(join(esm, file), join(cjs, file));
    continue;
  }
  // transform, not build: build would see dist/esm as "type": "module" and import a dependency's default
  // export as Node's ESM does (the whole CommonJS exports object), but this output require()s the
  // dependency's CommonJS build, whose default is `exports.default` under `__esModule` (openapi-fetch).
  const { code } = await transform(await readFile(join(esm, file), 'utf8'), { format: 'cjs', target: 'es2022' });
  await writeFile(join(cjs, file), code);
}
await writeFile(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
