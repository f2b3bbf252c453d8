// Real argument values for the GraphQL contract run. Fuzzed owners, names and
// node IDs almost never exist, so without these the queries that read stored
// data (`repository`, `node`, `nodes`) would only ever answer NOT_FOUND
// (schemathesis warns "missing test data"). Asked of the target itself, so it
// works for any deployment and token: the token's user (GraphQL `viewer`) and
// the repositories it lists (`GET /user/repos`), with their node IDs, the
// `CO_` IDs of their default branches' head commits (with their statuses and
// check runs), and those of a few of
// their labels, milestones, issues, pull requests, comments and reactions (the mutations'
// subjects: issue, pull request, comment, label and repository IDs each in a dictionary of
// its own).
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

/** A list that only enriches the dictionaries: a target without it (say, a mock lacking the operation) gives none. */
async function optionalList<T>(url: string): Promise<T[]> {
  try {
    const answer = await json<unknown>(url);
    return Array.isArray(answer) ? (answer as T[]) : [];
  } catch {
    return [];
  }
}

interface Repo {
  name: string;
  node_id: string;
  default_branch?: string;
  owner: { login: string; node_id: string };
}

const graphqlUrl = `${base.replace(/\/api\/v3$/, '')}/api/graphql`;
const { data } = await json<{ data?: { viewer?: { id: string; login: string } } }>(graphqlUrl, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query: '{ viewer { id login } }' }),
});
if (!data?.viewer) throw new Error(`${graphqlUrl}: no viewer in the answer`);
const repos = await json<Repo[]>(`${base}/user/repos?per_page=100`);

// Head commits' IDs, for `node(id:)` on git objects: one query with an alias per repository (at most 20).
const heads = repos
  .slice(0, 20)
  .map(
    (r, i) =>
      `r${i}: repository(owner: ${JSON.stringify(r.owner.login)}, name: ${JSON.stringify(r.name)}) { defaultBranchRef { target { id } } }`,
  );
const commitIds: string[] = [];
if (heads.length) {
  const answer = await json<{
    data?: Record<string, { defaultBranchRef: { target: { id: string } | null } | null } | null>;
  }>(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ ${heads.join(' ')} }` }),
  });
  for (const repo of Object.values(answer.data ?? {})) {
    const id = repo?.defaultBranchRef?.target?.id;
    if (id) commitIds.push(id);
  }
}
// A few repositories' labels, milestones, issues, comments and reactions too,
// so `node` reaches every kind and the mutations get real subjects.
const children: string[] = [];
const labelIds: string[] = [];
const issueIds: string[] = [];
const commentIds: string[] = [];
const pullIds: string[] = [];
const branchNames: string[] = [];
for (const repo of repos.slice(0, 3)) {
  const path = `${base}/repos/${repo.owner.login}/${repo.name}`;
  const labels = await json<{ node_id: string }[]>(`${path}/labels?per_page=5`);
  const milestones = await json<{ node_id: string }[]>(`${path}/milestones?state=all&per_page=5`);
  const issues = await optionalList<{ node_id: string; number: number; pull_request?: unknown }>(
    `${path}/issues?state=all&sort=created&direction=asc&per_page=5`,
  );
  const comments = await optionalList<{ node_id: string }>(`${path}/issues/comments?per_page=5`);
  const pulls = await optionalList<{ node_id: string }>(`${path}/pulls?state=all&per_page=5`);
  pullIds.push(...pulls.map((p) => p.node_id));
  const branches = await optionalList<{ name: string }>(`${path}/branches?per_page=10`);
  branchNames.push(...branches.map((b) => b.name));
  labelIds.push(...labels.map((l) => l.node_id));
  issueIds.push(...issues.filter((i) => !i.pull_request).map((i) => i.node_id));
  commentIds.push(...comments.map((c) => c.node_id));
  for (const issue of issues.slice(0, 2)) {
    const reactions = await optionalList<{ node_id: string }>(`${path}/issues/${issue.number}/reactions?per_page=5`);
    children.push(...reactions.map((r) => r.node_id));
  }
  children.push(...milestones.map((m) => m.node_id));
  // The head commit's statuses and check runs (SC_, CR_): `node` then reaches the rollup's kinds.
  const ref = encodeURIComponent(repo.default_branch ?? 'main');
  const statuses = await optionalList<{ node_id: string }>(`${path}/commits/${ref}/statuses?per_page=5`);
  const checkRuns = await json<{ check_runs?: { node_id: string }[] }>(
    `${path}/commits/${ref}/check-runs?per_page=5`,
  ).catch(() => ({ check_runs: [] }));
  children.push(...statuses.map((s) => s.node_id), ...(checkRuns.check_runs ?? []).map((r) => r.node_id));
}

const unique = (values: string[]) => [...new Set(values)];
const nodeIds = unique([
  data.viewer.id,
  ...repos.flatMap((r) => [r.node_id, r.owner.node_id]),
  ...commitIds,
  ...children,
  ...labelIds,
  ...issueIds,
  ...commentIds,
  ...pullIds,
]);
// schemathesis refuses a dictionary without entries: a kind the target has none of falls back to every node ID.
const orAny = (values: string[]) => (values.length ? unique(values) : nodeIds);
const dictionaries = {
  owners: unique([data.viewer.login, ...repos.map((r) => r.owner.login)]),
  names: unique(repos.map((r) => r.name)),
  'node-ids': nodeIds,
  // The mutations' inputs (schemathesis-graphql.toml binds each to the fields that take its kind).
  'repository-ids': orAny(repos.map((r) => r.node_id)),
  'issue-ids': orAny(issueIds),
  'comment-ids': orAny(commentIds),
  'pull-request-ids': orAny(pullIds),
  'reactable-ids': orAny([...issueIds, ...commentIds, ...pullIds]),
  'label-ids': orAny(labelIds),
  'user-ids': unique([data.viewer.id]),
  // Branch names of those repositories, for the pull request mutations' head and base (`main` when none).
  'branch-names': branchNames.length ? unique(branchNames) : ['main'],
};

await mkdir(outDir, { recursive: true });
for (const [name, values] of Object.entries(dictionaries)) {
  // Logins, names and node IDs are printable ASCII, for which a JSON string is a libFuzzer entry.
  await writeFile(join(outDir, `${name}.dict`), `${values.map((value) => JSON.stringify(value)).join('\n')}\n`);
}
process.stderr.write(
  `[graphql-dictionaries] ${Object.entries(dictionaries)
    .map(([name, values]) => `${values.length} ${name}`)
    .join(', ')}\n`,
);
