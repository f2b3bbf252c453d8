// Real argument values for the GraphQL contract run. Fuzzed owners, names and
// node IDs almost never exist, so without these the queries that read stored
// data (`repository`, `node`, `nodes`) would only ever answer NOT_FOUND
// (schemathesis warns "missing test data"). Asked of the target itself, so it
// works for any deployment and token: the token's user (GraphQL `viewer`) and
// the repositories it lists (`GET /user/repos`), with their node IDs, the
// `CO_` IDs of their default branches' head commits, and those of a few of
// their labels and milestones.
// Written as fuzz dictionaries (one quoted value a line, libFuzzer's format)
// that schemathesis-graphql.toml reads from contract-tests/reports/graphql-dictionaries/.
//
//   CONTRACT_TOKEN=… node bin/run-ts.mjs contract-tests/graphql-dictionaries.ts <base-url> <out-dir>
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [baseArg, outDir] = process.argv.slice(2);
const token = process.env.CONTRACT_TOKEN;
if (!baseArg || !outDir || !token) {
  process.stderr.write('usage: CONTRACT_TOKEN=… graphql-dictionaries.ts <base-url> <out-dir>\n');
  process.exit(2);
}
const base = baseArg.replace(/\/+$/, '');
const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' };

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { ...headers, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Repo { name: string; node_id: string; owner: { login: string; node_id: string } }

const graphqlUrl = `${base.replace(/\/api\/v3$/, '')}/api/graphql`;
const { data } = await json<{ data?: { viewer?: { id: string; login: string } } }>(graphqlUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: '{ viewer { id login } }' }),
});
if (!data?.viewer) throw new Error(`${graphqlUrl}: no viewer in the answer`);
const repos = await json<Repo[]>(`${base}/user/repos?per_page=100`);

// Head commits' IDs, for `node(id:)` on git objects: one query with an alias per repository (at most 20).
const heads = repos.slice(0, 20).map((r, i) => `r${i}: repository(owner: ${JSON.stringify(r.owner.login)}, name: ${JSON.stringify(r.name)}) { defaultBranchRef { target { id } } }`);
const commitIds: string[] = [];
if (heads.length) {
  const answer = await json<{ data?: Record<string, { defaultBranchRef: { target: { id: string } | null } | null } | null> }>(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ ${heads.join(' ')} }` }),
  });
  for (const repo of Object.values(answer.data ?? {})) {
    const id = repo?.defaultBranchRef?.target?.id;
    if (id) commitIds.push(id);
  }
}
// A few repositories' labels and milestones too, so `node` reaches Label and Milestone.
const children: string[] = [];
for (const repo of repos.slice(0, 3)) {
  const path = `${base}/repos/${repo.owner.login}/${repo.name}`;
  const labels = await json<{ node_id: string }[]>(`${path}/labels?per_page=5`);
  const milestones = await json<{ node_id: string }[]>(`${path}/milestones?state=all&per_page=5`);
  children.push(...labels.map((l) => l.node_id), ...milestones.map((m) => m.node_id));
}

const unique = (values: string[]) => [...new Set(values)];
const dictionaries = {
  owners: unique([data.viewer.login, ...repos.map((r) => r.owner.login)]),
  names: unique(repos.map((r) => r.name)),
  'node-ids': unique([data.viewer.id, ...repos.flatMap((r) => [r.node_id, r.owner.node_id]), ...commitIds, ...children]),
};

await mkdir(outDir, { recursive: true });
for (const [name, values] of Object.entries(dictionaries)) {
  // Logins, names and node IDs are printable ASCII, for which a JSON string is a libFuzzer entry.
  await writeFile(join(outDir, `${name}.dict`), values.map((value) => JSON.stringify(value)).join('\n') + '\n');
}
process.stderr.write(`[graphql-dictionaries] ${Object.entries(dictionaries).map(([name, values]) => `${values.length} ${name}`).join(', ')}\n`);
