// The package entry bundled for a browser or an edge runtime, as a user's
// bundler would: esbuild with `platform: 'browser'` fails on any Node built-in
// it meets (`node:crypto`, …), whether or not the code using it is kept, so a
// build that succeeds shows none is reachable from the entry. The bundle's own
// createClient and createAppAuth (PKCS#1 key → Web Crypto, no node:crypto)
// then run against a live Wharf over nothing but the global fetch.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, installTestApp } from '../../server/test-support/apps.js';
import { startTestServer, type TestServer } from '../../server/test-support/test-server.js';
import type * as Sdk from '../src/index.js';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  dir = await mkdtemp(join(tmpdir(), 'wharf-sdk-browser-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

it('bundles for the browser with no Node built-in, and the bundle talks to a live Wharf', async () => {
  const result = await build({
    stdin: {
      contents: `export { createClient, createAppAuth } from ${JSON.stringify(entry)};`,
      resolveDir: dir,
      loader: 'ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
  const inputs = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
  expect(inputs.filter((path) => builtins.has(path))).toEqual([]);
  const [output] = result.outputFiles;
  const file = join(dir, 'bundle.mjs');
  await writeFile(file, output!.contents);

  const { createClient, createAppAuth } = (await import(pathToFileURL(file).href)) as typeof Sdk;
  const owner = await server.createUser('edge');
  await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name: 'bundled' } });
  const client = createClient({ baseUrl: server.url, token: owner.token });
  const repo = await client.repos.get({ owner: 'edge', repo: 'bundled' });
  expect(repo).toMatchObject({ status: 200, data: { full_name: 'edge/bundled' } });

  // The app's key as GitHub hands it out (PKCS#1), signed with through Web Crypto.
  const { app, privateKeyPem } = await createTestApp(server, owner.id, 'Edge App', { metadata: 'read' });
  expect(privateKeyPem).toContain('BEGIN RSA PRIVATE KEY');
  const installation = await installTestApp(server, app, owner.id);
  const asApp = createClient({
    baseUrl: server.url,
    auth: createAppAuth({
      baseUrl: server.url,
      appId: app.id,
      privateKey: privateKeyPem,
      installationId: installation.id,
    }),
  });
  expect((await asApp.apps.getAuthenticated()).data?.id).toBe(app.id);
  const repos = await asApp.apps.listReposAccessibleToInstallation();
  expect(repos.data?.repositories.map((r) => r.full_name)).toEqual(['edge/bundled']);
}, 120_000);
