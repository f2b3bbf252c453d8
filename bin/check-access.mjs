#!/usr/bin/env node
// The "access" pass of `npm run layers`: exactly one place, server/access/,
// decides who may see a repository or do something in it (issue 33); every
// other file asks it and acts on the answer. dependency-cruiser sees imports,
// not decisions, so this pass looks for deciding code by a short list of
// patterns in production files outside server/access/ (tests, test-support,
// generated code and migrations left out). Each pattern names a way of
// deciding, not of using a decision's answer: calling an access/ function
// such as canTriage(permission) or seesDrafts(permission) is asking.
// Same ratchet as the other passes: `file: kind` pairs listed in
// .layers/known-access.txt are reported and allowed, any other fails;
// `--baseline` (through check-layers.mjs) rewrites the list.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The ways of deciding, each with why it is one. Matched line by line, comments left out. */
export const PATTERNS = [
  {
    kind: 'level-compare',
    // Which level an action needs (read < triage < write < maintain < admin) is the policy's rule.
    re: /\b(atLeast|hasPermission)\(/,
  },
  {
    kind: 'token-scopes',
    // What a classic token's scopes let it reach (`repo` for private repositories, `public_repo` to push).
    re: /\b(hasAnyScope|expandScopes)\(/,
  },
  {
    kind: 'installation-grant',
    // Which repositories an installation reaches and what its app permissions make it there.
    re: /\b(installationPermission|grantReaches)\(/,
  },
  {
    kind: 'user-grant',
    // A user's own grant read straight from the permission source, skipping the principal's rules
    // (scopes, installations); access/ names the places where that is the rule (bodies' `permissions`).
    re: /\.(permissionOf|permissionsOf|peekPermission)\(|\bloadGrantedPermissions?\(/,
  },
  {
    kind: 'grant-sql',
    // SQL reading who holds a grant. Writes (INSERT, DELETE) are the grants' store, not a decision.
    re: /(?<!DELETE\s+)\b(FROM|JOIN)\s+(collaborators|org_members)\b/,
  },
  {
    kind: 'visibility-sql',
    // SQL deciding visibility: "public or granted", "public only", "private where granted".
    // A bare `r.private` (the `is:private` search qualifier, counts of one's own repositories) is not.
    re: /\bNOT\s+[a-z_]+\.private\s+OR\b|\bAND\s+NOT\s+[a-z_]+\.private\b|\b[a-z_]+\.private\s+AND\b/,
  },
];

const SKIP = [
  /\.test\.ts$/,
  /^server\/test-support\//,
  /\/generated\//,
  /^server\/access\//,
  /^server\/db\/migrations\//,
];

function productionFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...productionFiles(path));
    else if (path.endsWith('.ts') && !SKIP.some((re) => re.test(path))) out.push(path);
  }
  return out;
}

/** Every `file: kind` where a file outside access/ decides, sorted. */
export function deciding(root = 'server') {
  const found = new Set();
  for (const file of productionFiles(root)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
      for (const { kind, re } of PATTERNS) if (re.test(code)) found.add(`${file}: ${kind}`);
    }
  }
  return [...found].sort();
}

/** The pass: prints what it finds, returns false on a deciding place not in the known list. */
export function checkAccess({ baseline = false, file = '.layers/known-access.txt' } = {}) {
  const keys = deciding();
  const files = new Set(keys.map((key) => key.slice(0, key.indexOf(':'))));
  process.stdout.write(
    `layers (access): ${files.size} files deciding access outside server/access/ (${keys.length} places)\n`,
  );
  if (baseline) {
    writeFileSync(file, keys.length ? `${keys.join('\n')}\n` : '');
    return true;
  }
  const known = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
  const fresh = keys.filter((key) => !known.has(key));
  for (const key of fresh) process.stdout.write(`  new: ${key} (ask server/access/ instead)\n`);
  const paid = [...known].filter((key) => !keys.includes(key)).length;
  if (paid > 0)
    process.stdout.write(`  ${paid} known ones are gone: run \`npm run layers -- --baseline\` and commit\n`);
  if (process.argv.includes('--list')) for (const key of keys) process.stdout.write(`  ${key}\n`);
  return fresh.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!checkAccess({ baseline: process.argv.includes('--baseline') })) process.exit(1);
}
