#!/usr/bin/env node
// Builds server/gitignore/generated/templates.json, the data of
// GET /gitignore/templates, from github/gitignore as the `gitignores` crate
// ships it (crates.io, by watchexec's maintainer, regenerated from
// github/gitignore by a bot and released as it changes). The crate is fetched
// at generation time only — nothing is fetched at install or run time — and
// its SHA-256 must be the pinned one (crates.io's index `cksum`). Its
// `src/root.rs` holds github/gitignore's top-level templates (GitHub lists
// those, not Global/ or community/) as Rust string literals in two generated
// `match`es: `file_name` (variant → `Name.gitignore`) and `contents` (variant →
// text). The data file records the crate, its checksum and the github/gitignore
// commit the crate was generated from.
//
// Refresh: `node bin/fetch-gitignore-templates.mjs`, after changing CRATE and
// SHA256 (`curl -s https://index.crates.io/gi/ti/gitignores | tail -1`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CRATE = { name: 'gitignores', version: '4.8.9' };
const SHA256 = '9743c62b84fcd3dd3d460951601a53b1db3cec48705e4175824d0b04751d2319';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'server/gitignore/generated/templates.json');

/** Reads the Rust string literal whose opening quote is at `start`: [value, index after the closing quote]. */
function rustString(source, start) {
  if (source[start] !== '"') throw new Error(`expected a string literal at ${start}`);
  let value = '';
  let i = start + 1;
  for (;;) {
    const c = source[i];
    if (c === undefined) throw new Error('unterminated string literal');
    if (c === '"') return [value, i + 1];
    if (c !== '\\') {
      value += c;
      i += 1;
      continue;
    }
    const e = source[i + 1];
    i += 2;
    if (e === 'n') value += '\n';
    else if (e === 't') value += '\t';
    else if (e === 'r') value += '\r';
    else if (e === '0') value += '\0';
    else if (e === '\\' || e === '"' || e === "'") value += e;
    else if (e === 'x') {
      value += String.fromCharCode(Number.parseInt(source.slice(i, i + 2), 16));
      i += 2;
    } else if (e === 'u' && source[i] === '{') {
      const end = source.indexOf('}', i);
      value += String.fromCodePoint(Number.parseInt(source.slice(i + 1, end), 16));
      i = end + 1;
    } else if (e === '\n') {
      while (/\s/.test(source[i] ?? '')) i += 1; // a line continuation drops the newline and the indentation
    } else throw new Error(`unknown escape \\${e} in a string literal`);
  }
}

/** The `Self::Variant => "literal"` arms of the `match` that follows `marker` in `source`. */
function matchArms(source, marker) {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`${marker} not found`);
  const open = source.indexOf('match self {', at);
  const arms = new Map();
  const arm = /Self::(\w+) => /y;
  let i = open + 'match self {'.length;
  for (;;) {
    // Skip whitespace, commas and the `#[cfg(...)]` attributes between arms.
    for (;;) {
      const rest = source.slice(i, i + 2);
      if (/^[\s,]/.test(rest)) i += 1;
      else if (rest === '#[') i = source.indexOf(']', i) + 1;
      else break;
    }
    if (source[i] === '}') return arms;
    arm.lastIndex = i;
    const head = arm.exec(source);
    if (head === null) throw new Error(`unexpected text after ${marker}: ${source.slice(i, i + 40)}`);
    const [value, after] = rustString(source, arm.lastIndex);
    arms.set(head[1], value);
    i = after;
  }
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return result.stdout;
}

const work = mkdtempSync(join(tmpdir(), 'wharf-gitignore-'));
try {
  const spec = `${CRATE.name}@${CRATE.version}`;
  const url = `https://static.crates.io/crates/${CRATE.name}/${CRATE.name}-${CRATE.version}.crate`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const crate = Buffer.from(await response.arrayBuffer());
  const digest = createHash('sha256').update(crate).digest('hex');
  if (digest !== SHA256) throw new Error(`${spec}: sha256 ${digest}, pinned ${SHA256}`);
  writeFileSync(join(work, 'crate.tar.gz'), crate);
  run('tar', ['-xzf', 'crate.tar.gz'], work);
  const src = join(work, `${CRATE.name}-${CRATE.version}`, 'src');
  const root = readFileSync(join(src, 'root.rs'), 'utf8');
  const commit = /GIT_COMMIT_REF: &str = "([0-9a-f]{40})"/.exec(readFileSync(join(src, 'gitref.rs'), 'utf8'))?.[1];
  if (commit === undefined) throw new Error(`${spec}: no GIT_COMMIT_REF in src/gitref.rs`);
  const fileNames = matchArms(root, 'fn file_name(self)');
  const contents = matchArms(root, '#[cfg(not(feature = "no-contents"))]\n\tfn contents(self)');
  const templates = {};
  for (const [variant, fileName] of fileNames) {
    if (!fileName.endsWith('.gitignore') || fileName.includes('/'))
      throw new Error(`${spec}: odd file name ${fileName}`);
    const text = contents.get(variant);
    if (text === undefined) throw new Error(`${spec}: no contents for ${variant}`);
    templates[fileName.slice(0, -'.gitignore'.length)] = text;
  }
  // Code-unit order, as GitHub's list (`AppEngine` before `AppceleratorTitanium`).
  const names = Object.keys(templates).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length < 100 || names.length !== contents.size) {
    throw new Error(`${spec}: ${names.length} file names for ${contents.size} templates`);
  }
  const data = {
    source: {
      crate: CRATE.name,
      version: CRATE.version,
      sha256: SHA256,
      upstream: 'https://github.com/github/gitignore',
      upstream_commit: commit,
      license: 'CC0-1.0',
    },
    templates: Object.fromEntries(names.map((name) => [name, templates[name]])),
  };
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
  console.error(
    `fetch-gitignore-templates: wrote ${names.length} templates from ${spec} (github/gitignore ${commit}) to ${OUT}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
