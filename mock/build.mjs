#!/usr/bin/env node
// Builds @wharf/mock into dist/ (run by `npm pack` through prepack): the
// `wharf-mock` command is contract-tests/mock/serve.ts bundled by esbuild with
// the server's modules and packages it uses. Prism stays outside (prism.ts
// loads it with require() at run time; it is the package's dependencies).
// `--stateful` needs a whole Wharf: src/stateful-unavailable.ts takes the
// place of stateful-wharf.ts and says where to get one.
//
// The bundled modules find their files relative to the chunk they end up in,
// as they do relative to their sources: server/asset-paths.ts one level up,
// contract-source.ts and prism.ts two. So the chunks sit two levels deep,
// in dist/lib/mock/, and the files go where those paths lead:
// - dist/lib/schema.graphql (the GraphQL mock's schema);
// - dist/openapi.yaml (the contract, also hashed to name the caches);
// - dist/node_modules/.cache/wharf-mock/: the contract as JSON and prism's
//   operations, which take the mock ~10 s to make from the YAML. They are
//   shipped (npm packs a node_modules folder below the package's top), so an
//   installed mock starts from them: an install may be read-only, and npm
//   runs no build there.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const dist = join(here, 'dist');
const chunks = join(dist, 'lib/mock');
const cache = join(dist, 'node_modules/.cache/wharf-mock');
const repoCache = join(root, 'node_modules/.cache/wharf-mock');
const bin = join(chunks, 'wharf-mock.js');

/** The package's run-time stand-in for the stateful mode (see src/stateful-unavailable.ts). */
const withoutStateful = {
  name: 'without-stateful',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/stateful-wharf\.js$/ }, () => ({
      path: join(here, 'src/stateful-unavailable.ts'),
    }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { 'wharf-mock': 'contract-tests/mock/serve.ts' },
  outdir: chunks,
  bundle: true,
  // The GraphQL mock stays a chunk of its own, loaded on the first GraphQL request (graphql-door.ts).
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [withoutStateful],
  // Bundled CommonJS packages call require(); ESM has none of its own.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __wharfCreateRequire } from 'node:module'; const require = __wharfCreateRequire(import.meta.url);",
  },
  logLevel: 'error',
});
copyFileSync(join(root, 'schema.graphql'), join(dist, 'lib/schema.graphql'));
copyFileSync(join(root, 'openapi.yaml'), join(dist, 'openapi.yaml'));

// Prism is loaded from the user's install, and its operations are cached by
// its version: the versions this package asks for must be the ones built with.
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
for (const [name, version] of Object.entries(manifest.dependencies)) {
  const built = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
  if (built !== version) throw new Error(`mock/package.json asks for ${name} ${version}; the checkout has ${built}`);
}

// The caches as contract-source.ts and prism.ts name them. The checkout's,
// when `npm run mock` made them for this contract, are copied; otherwise the
// built mock is started once and makes them.
mkdirSync(cache, { recursive: true });
const hashOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const json = `openapi-${hashOf(readFileSync(join(root, 'openapi.yaml')))}.json`;
const operations = () =>
  `prism-operations-${hashOf(readFileSync(join(cache, json)))}-${manifest.dependencies['@stoplight/prism-http']}.json`;
const fromCheckout = (file) =>
  existsSync(join(repoCache, file)) && copyFileSync(join(repoCache, file), join(cache, file));
fromCheckout(json);
if (existsSync(join(cache, json))) fromCheckout(operations());
if (!existsSync(join(cache, json)) || !existsSync(join(cache, operations()))) await startOnce();
if (!existsSync(join(cache, operations())))
  throw new Error(`the built mock did not cache the contract in ${cache} (it has: ${readdirSync(cache).join(', ')})`);

/** Starts the built mock on a free port and stops it once it listens. */
function startOnce() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (/listening on http/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.setEncoding('utf8').on('data', collect);
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the built mock failed to start (exit ${code}):\n${output}`)),
    );
  });
}
