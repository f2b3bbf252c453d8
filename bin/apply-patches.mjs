#!/usr/bin/env node
// Applies patches/<package>+<version>.patch to node_modules (the root
// package's postinstall, so `npm install` and `npm ci` both run it).
// Idempotent: a patch already in place is left alone. Fails loudly (exit 1)
// when the installed version is not the one the patch was written for, or
// when the patch no longer applies, so an upgrade cannot silently drop a fix.
// Uses `git apply` (git is already a requirement of Wharf).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The project root; a test passes another (a copy) as the first argument.
const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const patchesDir = join(root, 'patches');

function fail(message) {
  console.error(`apply-patches: ${message}`);
  process.exit(1);
}

function gitApply(args, patch) {
  // --unsafe-paths and --directory are not needed: paths are node_modules/…
  // relative to the project root, where this runs.
  return spawnSync('git', ['apply', ...args, patch], { cwd: root, encoding: 'utf8' });
}

/** `postgres+3.4.9.patch` → postgres, 3.4.9; `@scope+name+1.0.0.patch` → @scope/name, 1.0.0. */
function parseName(file) {
  const parts = file.slice(0, -'.patch'.length).split('+');
  const version = parts.pop();
  return { name: parts.join('/'), version };
}

/** Files the patch changes, to check that each one really carries it afterwards. */
function patchedFiles(text) {
  return [...text.matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]);
}

const files = existsSync(patchesDir)
  ? readdirSync(patchesDir)
      .filter((f) => f.endsWith('.patch'))
      .sort()
  : [];
for (const file of files) {
  const patch = join(patchesDir, file);
  const { name, version } = parseName(file);
  const manifest = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) fail(`${file}: ${name} is not installed`);
  const installed = JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (installed !== version) {
    fail(
      `${file} is for ${name} ${version} but ${installed} is installed: read the patch's header (is the upstream bug fixed?), then update or delete the patch`,
    );
  }
  if (gitApply(['--check', '--reverse'], patch).status === 0) {
    console.log(`apply-patches: ${file} already applied`);
    continue;
  }
  const check = gitApply(['--check'], patch);
  if (check.status !== 0) fail(`${file} no longer applies:\n${check.stderr}`);
  const applied = gitApply([], patch);
  if (applied.status !== 0) fail(`${file} failed:\n${applied.stderr}`);
  // git apply inside an enclosing repository can skip paths silently; make sure it did not.
  const text = readFileSync(patch, 'utf8');
  for (const target of patchedFiles(text)) {
    if (gitApply(['--check', '--reverse', '--include', target], patch).status !== 0)
      fail(`${file}: ${target} was not patched`);
  }
  console.log(`apply-patches: ${file} applied`);
}
