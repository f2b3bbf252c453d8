// The package's CommonJS half, for `require('@wharf/sdk')`: each ESM file
// tsc wrote into dist/esm/ rewritten as CommonJS by esbuild (no bundling, so
// the modules and their names stay the same), the .d.ts files copied beside
// them, and a package.json of {"type":"commonjs"} so that Node and TypeScript
// read that folder's .js and .d.ts as CommonJS. Cheaper than a second tsc run
// over the generated types, and the declarations are the same text.
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const esm = 'dist/esm';
const cjs = 'dist/cjs';
const files = (await readdir(esm, { recursive: true })).filter((file) => /\.(js|d\.ts)$/.test(file));

await build({
  entryPoints: files.filter((file) => !file.endsWith('.d.ts')).map((file) => join(esm, file)),
  outbase: esm,
  outdir: cjs,
  format: 'cjs',
  platform: 'neutral',
  target: 'es2022',
  logLevel: 'warning',
});
for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
  await mkdir(dirname(join(cjs, file)), { recursive: true });
  await copyFile(join(esm, file), join(cjs, file));
}
await writeFile(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
