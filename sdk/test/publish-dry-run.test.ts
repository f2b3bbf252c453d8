// The package as npm would publish it, with no network and no credentials:
// `npm pack --dry-run` lists what the tarball holds (built by prepack, as a
// real publish would), and `npm publish --dry-run` runs against a local stub
// registry that records every request, so a dry run that tried to upload
// anything would show here.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStub, type Stub } from './support/stub-server.js';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));
// The npm settings of the `npx vitest` that runs us must not steer the child npm.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string | Record<string, Record<string, string>>>;
};

interface PackedFile {
  path: string;
}

let registry: Stub;
beforeAll(async () => {
  registry = await startStub((_request, _index, res) => void res.writeHead(404).end('{}'));
});
afterAll(() => registry.close());

/** Every file an `exports` condition names, e.g. `dist/esm/index.d.ts`. */
function exportedFiles(): string[] {
  const targets = Object.values(manifest.exports).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : Object.values(entry).flatMap((conditions) => Object.values(conditions)),
  );
  return targets.map((target) => target.replace(/^\.\//, ''));
}

it('packs only the built package and its documents, and a dry-run publish sends nothing', async () => {
  const packed = await run('npm', ['pack', '--dry-run', '--json'], { cwd: sdkDir, env, maxBuffer: 16 << 20 });
  const [pack] = JSON.parse(packed.stdout) as [{ name: string; version: string; files: PackedFile[] }];
  const paths = pack.files.map((file) => file.path);

  expect(pack).toMatchObject({ name: manifest.name, version: manifest.version });
  expect(paths).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json']));
  expect(paths).toEqual(expect.arrayContaining([...exportedFiles(), 'dist/cjs/package.json']));
  // Nothing but the build and those documents: no sources, tests, source maps or build scripts.
  const others = paths.filter((path) => !['README.md', 'CHANGELOG.md', 'LICENSE', 'package.json'].includes(path));
  expect(
    others.filter((path) => !/^dist\/(esm|cjs)\/.+\.(js|d\.ts)$/.test(path) && path !== 'dist/cjs/package.json'),
  ).toEqual([]);
  expect(paths.filter((path) => /\.test\.|\.map$|(^|\/)test\//.test(path))).toEqual([]);
  // The two halves carry the same modules.
  const modules = (half: string) =>
    others
      .filter((path) => path.startsWith(`dist/${half}/`) && path.endsWith('.js'))
      .map((path) => path.slice(half.length + 6))
      .sort();
  expect(modules('cjs')).toEqual(modules('esm'));

  // dist/ is fresh from the pack above, so the publish need not build again.
  const published = await run(
    'npm',
    ['publish', '--dry-run', '--json', '--ignore-scripts', '--fetch-retries=0', '--registry', `${registry.url}/`],
    { cwd: sdkDir, env, maxBuffer: 16 << 20 },
  );
  const result = JSON.parse(published.stdout) as Record<string, { id: string; files: PackedFile[] }>;
  expect(result[manifest.name]?.id).toBe(`${manifest.name}@${manifest.version}`);
  expect(result[manifest.name]?.files.map((file) => file.path).sort()).toEqual([...paths].sort());
  expect(published.stderr).toContain('public access (dry-run)');
  expect(registry.requests.filter((request) => request.method !== 'GET')).toEqual([]);
}, 180_000);
