// Which operations of a spec the contract run tests (run.sh calls this once per run).
//   node select-operations.mjs SPEC REPORTS_DIR READ_ONLY(0|1) INCLUDE EXCLUDE
// SPEC: a path, an http(s) URL (saved to REPORTS_DIR first, so schemathesis and
// this script read the same document), or the name of one of GitHub's own
// descriptions in @octokit/openapi (`api.github.com`, `ghes-3.17`, `ghec`, …).
// INCLUDE / EXCLUDE: comma-separated operationIds or tags (an operationId wins
// when a value is both). Prints one line per fact, for run.sh to read:
//   spec PATH          the local file to test
//   include ID         only these operations run (when narrowed or read-only)
//   exclude ID         operations left out (otherwise)
//   appjwt ID          operations authenticated with an app JWT (`security: appJwt`)
// Exit status 2, with the reason on stderr, for a value naming nothing or an empty selection.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// Methods that change nothing (RFC 9110 "safe"): all a read-only run sends.
const SAFE = new Set(['get', 'head']);

function fail(message) {
  process.stderr.write(`[contract] error: ${message}\n`);
  process.exit(2);
}

async function load(spec, reports) {
  if (/^https?:\/\//.test(spec)) {
    const response = await fetch(spec).catch((error) => fail(`--spec ${spec}: ${error.message}`));
    if (!response.ok) fail(`--spec ${spec}: HTTP ${response.status}`);
    const text = await response.text();
    const file = join(reports, text.trimStart().startsWith('{') ? 'spec.json' : 'spec.yaml');
    mkdirSync(reports, { recursive: true });
    writeFileSync(file, text);
    return { file, text };
  }
  let file = spec;
  if (!existsSync(file) && /^[\w.-]+$/.test(spec)) {
    // One of GitHub's descriptions, by the name @octokit/openapi gives its file.
    const require = createRequire(import.meta.url);
    const generated = join(dirname(require.resolve('@octokit/openapi/package.json')), 'generated');
    file = join(generated, `${spec}.json`);
  }
  if (!existsSync(file)) fail(`--spec ${spec}: no such file (nor a description in @octokit/openapi/generated)`);
  return { file, text: readFileSync(file, 'utf8') };
}

function operationsOf(document) {
  const operations = [];
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op?.operationId) operations.push({ id: op.operationId, method, tags: op.tags ?? [], op });
    }
  }
  return operations;
}

/** The operations a comma-separated list of operationIds and tags names; every value must name one. */
function named(operations, list, option) {
  const values = list.split(',').filter(Boolean);
  const ids = new Set(operations.map((o) => o.id));
  const chosen = new Set();
  for (const value of values) {
    const matches = ids.has(value) ? [value] : operations.filter((o) => o.tags.includes(value)).map((o) => o.id);
    if (matches.length === 0) fail(`${option} ${value}: no operationId or tag of that name in the spec`);
    for (const id of matches) chosen.add(id);
  }
  return { values, chosen };
}

const [spec, reports, readOnly, include = '', exclude = ''] = process.argv.slice(2);
const { file, text } = await load(spec, reports);
const document = file.endsWith('.json') ? JSON.parse(text) : parse(text);
const operations = operationsOf(document);
if (operations.length === 0) fail(`--spec ${spec}: no operations with an operationId`);
const included = named(operations, include, '--include');
const excluded = named(operations, exclude, '--exclude');
const out = [`spec ${file}`];
// Operations marked x-wharf-planned answer 501 until implemented (only Wharf's spec has them).
const dropped = (o) => excluded.chosen.has(o.id) || o.op['x-wharf-planned'] !== undefined;
const live = operations.filter((o) => !dropped(o));
if (included.values.length > 0 || readOnly === '1') {
  const chosen = live.filter(
    (o) => (included.values.length === 0 || included.chosen.has(o.id)) && (readOnly !== '1' || SAFE.has(o.method)),
  );
  if (chosen.length === 0) fail('--include, --exclude and --read-only leave no operation to test');
  for (const o of chosen) out.push(`include ${o.id}`);
} else {
  for (const o of operations.filter(dropped)) out.push(`exclude ${o.id}`);
}
for (const o of live) if ((o.op.security ?? []).some((r) => 'appJwt' in r)) out.push(`appjwt ${o.id}`);
process.stdout.write(`${out.join('\n')}\n`);
