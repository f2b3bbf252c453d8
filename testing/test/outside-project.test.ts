// Issue 35's "done when": a project outside the repository installs the
// packed @wharf/sdk and @wharf/testing as a user would, type-checks under
// `strict` as ESM (the example) and as CommonJS (a second consumer), and the
// example's own `npm test` starts Wharf, opens an issue and receives the
// `issues.opened` delivery its bot labels.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
// The npm settings of the `npx vitest` that runs us must not steer the child npm.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith('npm_')));
const quiet = ['--prefer-offline', '--no-audit', '--no-fund'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-outside-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must reach its binaries in the project's node_modules.
  await chmod(dir, 0o755);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pack(folder: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: join(repo, folder), env });
  return join(dir, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
}

const CJS = `
import testing = require('@wharf/testing');
import sdk = require('@wharf/sdk');
async function main(): Promise<void> {
  const gh: testing.Wharf = await testing.startWharf();
  const user: testing.TestUser = await gh.createUser('cjs');
  const client: sdk.WharfClient = sdk.createClient({ baseUrl: gh.url, token: user.token });
  const { data } = await client.users.getAuthenticated();
  const login: string | undefined = data?.login;
  console.log(login);
  await gh.close();
}
void main();
`;

it('installs the packed packages outside the repository, type-checks ESM and CommonJS, and runs the example', async () => {
  const [sdk, testing] = [await pack('sdk'), await pack('testing')];
  const app = join(dir, 'issue-labeler');
  await cp(join(repo, 'examples/issue-labeler'), app, {
    recursive: true,
    filter: (path) => !/node_modules|[/\\]out$/.test(path),
  });
  const manifest = JSON.parse(await readFile(join(app, 'package.json'), 'utf8'));
  manifest.dependencies['@wharf/sdk'] = `file:${sdk}`;
  manifest.devDependencies['@wharf/testing'] = `file:${testing}`;
  await writeFile(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', ['install', ...quiet], { cwd: app, env });

  const tested = await run('npm', ['test'], { cwd: app, env }).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`the example's npm test failed:\n${error.stdout}\n${error.stderr}`);
  });
  expect(tested.stdout).toMatch(/# pass 2\n# fail 0/);

  // A CommonJS package: require() of both, types resolved for `require`.
  const cjs = join(dir, 'cjs-consumer');
  await mkdir(cjs);
  await writeFile(join(cjs, 'package.json'), JSON.stringify({ name: 'cjs-consumer', private: true, type: 'commonjs' }));
  await writeFile(join(cjs, 'index.ts'), CJS);
  const tsconfig = { module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', strict: true, noEmit: true };
  await writeFile(
    join(cjs, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...tsconfig, types: ['node'], typeRoots: [join(app, 'node_modules/@types')] },
    }),
  );
  await run('ln', ['-s', join(app, 'node_modules'), join(cjs, 'node_modules')]);
  await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: cjs });

  const installed = await readdir(join(app, 'node_modules/@wharf'));
  expect(installed.sort()).toEqual(['sdk', 'testing']);
  expect((await stat(join(app, 'node_modules/@wharf/testing/dist/lib/index.js'))).isFile()).toBe(true);
}, 600_000);
