#!/usr/bin/env node
// Checks the layering rules of .dependency-cruiser.cjs with dependency-cruiser:
// the server's runtime imports, then tests and their fixtures. Violations
// listed in .layers/known-<mode>.txt are the debt still being paid down
// (issue 33): reported, allowed. Anything else fails. `--baseline` rewrites the
// lists from the current tree; run it when the debt shrinks, never to hide a
// new violation. (dependency-cruiser's own --ignore-known does not cover
// folder-scope rules, so the comparison is done here, by rule, from and to.)
// A third pass, "access" (check-access.mjs), looks for code deciding
// visibility or permission outside server/access/, with the same ratchet
// over .layers/known-access.txt.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { checkAccess } from './check-access.mjs';

const baseline = process.argv.includes('--baseline');

function violations(mode) {
  const out = execFileSync(
    'npx',
    ['depcruise', 'server', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      env: { ...process.env, WHARF_LAYERS: mode },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(out).summary.violations.map((v) => {
    const via = v.cycle ? `  (via ${v.cycle.map((step) => step.name).join(' → ')})` : '';
    const shown = `${v.rule.name}: ${v.from} → ${v.to}${via}`;
    // Which edge of a folder cycle gets reported shifts as code moves; the
    // debt is the folder being caught in a cycle at all.
    if (v.rule.name === 'no-folder-cycle')
      return { key: `${v.rule.name}: ${v.from}`, shown, edge: `${v.from} → ${v.to}` };
    return { key: `${v.rule.name}: ${v.from} → ${v.to}`, shown };
  });
}

/**
 * The folders caught in cycles, grouped: every edge a folder-cycle violation
 * names lies on a cycle, so its connected groups are the strongly connected ones.
 */
function cycleGroups(found) {
  const parent = new Map();
  const find = (x) => {
    if (!parent.has(x)) parent.set(x, x);
    while (parent.get(x) !== x) x = parent.get(x);
    return x;
  };
  for (const { edge } of found.filter((v) => v.edge)) {
    const [from, to] = edge.split(' → ');
    parent.set(find(from), find(to));
  }
  const groups = new Map();
  for (const folder of parent.keys()) groups.set(find(folder), (groups.get(find(folder)) ?? 0) + 1);
  const sizes = [...groups.values()].sort((a, b) => b - a);
  return sizes.length === 0
    ? 'no folder cycles'
    : `folders in cycles: ${sizes.reduce((a, b) => a + b, 0)}, in groups of ${sizes.join(', ')}`;
}

let failed = false;
for (const mode of ['runtime', 'tests']) {
  const file = `.layers/known-${mode}.txt`;
  const found = violations(mode);
  const keys = [...new Set(found.map((v) => v.key))].sort();
  const byRule = new Map();
  for (const key of keys) {
    const rule = key.slice(0, key.indexOf(':'));
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  }
  const counts = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none';
  process.stdout.write(`layers (${mode}): ${keys.length} violations${keys.length ? `: ${counts}` : ''}\n`);
  if (mode === 'runtime') process.stdout.write(`  ${cycleGroups(found)}\n`);
  if (baseline) {
    writeFileSync(file, keys.length ? `${keys.join('\n')}\n` : '');
    continue;
  }
  const known = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
  const fresh = found.filter((v) => !known.has(v.key));
  for (const v of fresh) process.stdout.write(`  new: ${v.shown}\n`);
  const paid = [...known].filter((key) => !keys.includes(key)).length;
  if (paid > 0)
    process.stdout.write(`  ${paid} known violations are gone: run \`npm run layers -- --baseline\` and commit\n`);
  if (fresh.length > 0) failed = true;
}
if (!checkAccess({ baseline })) failed = true;
if (failed) {
  process.stderr.write('layers: new violations (docs/architecture.md says where each file goes)\n');
  process.exit(1);
}
