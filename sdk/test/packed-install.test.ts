// The package as a user gets it: `npm pack` (which builds dist/), installed
// from the tarball into a fresh TypeScript app that has only it (and what it
// depends on from the registry), then type-checked with full library checks
// and no @types/node, from an ES module (`import`) and from a CommonJS one
// (`require`), both run against a live Wharf, and deliberately wrong calls
// shown to fail type checking.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test-support/test-server.js';

const run = promisify(execFile);
const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
// The npm settings of the `npx vitest` that runs us must not steer the child npm.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  dir = await mkdtemp(join(tmpdir(), 'wharf-sdk-packed-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023', 'DOM'],
    types: [],
    strict: true,
    skipLibCheck: false,
    outDir: 'out',
  },
};

const GOOD = (baseUrl: string, token: string) => `
import { createClient, type WharfClient } from '@wharf/sdk';
const client: WharfClient = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: ${JSON.stringify(token)} });
const { data, error, response } = await client.repos.get({ owner: 'packer', repo: 'packed' });
if (error) {
  console.log(JSON.stringify({ status: response.status, message: error.message }));
} else {
  const fullName: string = data.full_name;
  const id: number = data.id;
  console.log(JSON.stringify({ status: response.status, fullName, id }));
}
`;

// The same from CommonJS: a .cts file is CommonJS under NodeNext whatever the
// package.json says, so `require` resolves the package's "require" condition
// (dist/cjs), for the types as for the code run.
const GOOD_CJS = (baseUrl: string, token: string) => `
import sdk = require('@wharf/sdk');
declare const require: { resolve(id: string): string }; // no @types/node here
async function main() {
  const client: sdk.WharfClient = sdk.createClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: ${JSON.stringify(token)} });
  const { data, error, response } = await client.repos.get({ owner: 'packer', repo: 'packed' });
  const entry = require.resolve('@wharf/sdk').split(/[\\\\/]/).slice(-3).join('/');
  if (error) throw new Error(\`\${response.status} \${error.message}\`);
  const fullName: string = data.full_name;
  console.log(JSON.stringify({ status: response.status, fullName, entry }));
}
main();
`;

// Each line marked "error" must be reported by tsc, and nothing else.
const BAD = `
import { createClient } from '@wharf/sdk';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
await client.repos.get({ owner: 'packer' }); // error: no repo
const { data } = await client.repos.get({ owner: 'packer', repo: 'packed' });
console.log(data?.no_such_field); // error: not a repository field
await client.hooks.create({ owner: 'packer', repo: 'packed', body: { config: { url: 42 } } }); // error: url is a string
`;

it('packs, installs from the tarball, type-checks, runs, and rejects a wrong call at compile time', async () => {
  const owner = await server.createUser('packer');
  const created = await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name: 'packed' } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await run('npm', ['pack', '--pack-destination', dir], { cwd: sdkDir, env });
  const tarball = (await readdir(dir)).find((name) => name.endsWith('.tgz'));
  expect(tarball).toBe('wharf-sdk-0.2.0.tgz');

  const app = join(dir, 'app');
  await mkdir(app);
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'sdk-consumer',
      private: true,
      type: 'module',
      dependencies: { '@wharf/sdk': `file:../${tarball}` },
    }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: app, env });

  await writeFile(join(app, 'tsconfig.json'), JSON.stringify({ ...TSCONFIG, files: ['good.ts', 'good-cjs.cts'] }));
  await writeFile(join(app, 'good.ts'), GOOD(server.url, owner.token));
  await writeFile(join(app, 'good-cjs.cts'), GOOD_CJS(server.url, owner.token));
  await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app });
  const esm = await run(process.execPath, [join(app, 'out', 'good.js')], { cwd: app });
  expect(JSON.parse(esm.stdout)).toEqual({ status: 200, fullName: 'packer/packed', id });
  const cjs = await run(process.execPath, [join(app, 'out', 'good-cjs.cjs')], { cwd: app });
  expect(JSON.parse(cjs.stdout)).toEqual({ status: 200, fullName: 'packer/packed', entry: 'dist/cjs/index.js' });

  await writeFile(
    join(app, 'tsconfig.bad.json'),
    JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, noEmit: true }, files: ['bad.ts'] }),
  );
  await writeFile(join(app, 'bad.ts'), BAD);
  const failed = await run(process.execPath, [tsc, '-p', 'tsconfig.bad.json'], { cwd: app }).then(
    () => undefined,
    (error: { code: number; stdout: string }) => error,
  );
  expect(failed?.code).toBe(2);
  const errorLines = [...(failed?.stdout ?? '').matchAll(/^bad\.ts\((\d+),\d+\): error TS\d+/gm)].map((m) =>
    Number(m[1]),
  );
  const expected = BAD.split('\n').flatMap((line, index) => (line.includes('// error') ? [index + 1] : []));
  expect(new Set(errorLines)).toEqual(new Set(expected));
}, 240_000);
