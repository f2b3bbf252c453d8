// `npm run bench:graphql-hostile` (issue 32): what hostile git content costs
// a `wharf serve` (embedded PostgreSQL, its own process) over GraphQL. The
// content is made through the git data API, as anyone may in their own
// repository: a 256 KB text blob, five trees of 20 entries each pointing at
// the one before (tree 0 at the blob), and a tree of 1,000 entries. Queries:
//   - nested-5: the 313-byte query, `Tree.entries` nested five deep
//     from tree 4 (3.2 million entries where nothing bounds it);
//   - nested-1: one level of entries (the deepest the limits allow since
//     issue 32: a tree counts as 1,000 entries, so two levels pass 500,000);
//   - nested-1 ×500: 5 aliases × nodes(ids: 100 × tree 4) { entries { name
//     path oid } }, the most trees of that shape the node limit allows;
//   - wide ×50 and wide ×500: 1 alias × 50 ids, 5 aliases × 100 ids of the
//     1,000-entry tree (50,000 and 500,000 entries, the latter at the node
//     limit);
//   - blob-text-400: 4 aliases × nodes(ids: 100 × the blob) { text }.
// For each: the answer's status, bytes and first error type, `rateLimit.cost`
// where answered, the server's CPU seconds (utime + stime from
// /proc/<pid>/stat), its RSS growth (peak VmRSS sampled every 50 ms during
// the query, minus VmRSS before), the call's wall time, and the slowest
// GET /healthz sent every 100 ms meanwhile (a blocked event loop shows
// there). WHARF_ENTRY=<another checkout>/bin/wharf.mjs measures another
// build (e.g. the code before the fix, built with `node bin/build.mjs` there);
// BENCH_ONLY=nested-5,wide ×50 runs only those; BENCH_CPU_PROF_DIR=<dir> has
// the server write a CPU profile there.
// Prints a table; JSON to bench/results/graphql-hostile-latest.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSecondsOf, readRssBytes } from './proc.js';
import { sampleRss } from './rss-sampler.js';
import { startWharf, type WharfServer } from './spawn-wharf.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/graphql-hostile-latest.json', import.meta.url));
const ENTRY = process.env.WHARF_ENTRY ?? 'bin/wharf.mjs';
const MB = 1024 * 1024;
const ONLY = process.env.BENCH_ONLY?.split(',');
const progress = (message: string) => process.stderr.write(`bench:graphql-hostile: ${message}\n`);

interface Content {
  trees: string[];
  topTreeId: string;
  wideTreeId: string;
  blobId: string;
}

async function call(
  wharf: WharfServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${wharf.baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      authorization: `token ${wharf.token}`,
      'content-type': 'application/json',
      accept: 'application/vnd.github+json',
    },
  });
  return { status: response.status, text: await response.text() };
}

async function created(wharf: WharfServer, path: string, body: unknown): Promise<string> {
  const { status, text } = await call(wharf, 'POST', path, body);
  if (status !== 201) throw new Error(`POST ${path}: ${status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { sha: string }).sha;
}

async function nodeId(wharf: WharfServer, owner: string, oid: string): Promise<string> {
  const { text } = await call(wharf, 'POST', '/api/graphql', {
    query: `{ repository(owner: "${owner}", name: "bomb") { object(oid: "${oid}") { id } } }`,
  });
  return (JSON.parse(text) as { data: { repository: { object: { id: string } } } }).data.repository.object.id;
}

async function makeContent(wharf: WharfServer, owner: string): Promise<Content> {
  const repo = await call(wharf, 'POST', '/user/repos', { name: 'bomb', auto_init: true });
  if (repo.status !== 201) throw new Error(`creating the repository: ${repo.status}`);
  const git = `/repos/${owner}/bomb/git`;
  const blob = await created(wharf, `${git}/blobs`, { content: 'x'.repeat(256 * 1024), encoding: 'utf-8' });
  const entries = (mode: string, type: string, sha: string) =>
    Array.from({ length: 20 }, (_, i) => ({ path: `e${i}`, mode, type, sha }));
  const trees = [await created(wharf, `${git}/trees`, { tree: entries('100644', 'blob', blob) })];
  for (let level = 1; level < 5; level++)
    trees.push(await created(wharf, `${git}/trees`, { tree: entries('040000', 'tree', trees[level - 1]!) }));
  const wide = Array.from({ length: 1000 }, (_, i) => ({
    path: `file-${String(i).padStart(4, '0')}.txt`,
    mode: '100644',
    type: 'blob',
    sha: blob,
  }));
  const wideTree = await created(wharf, `${git}/trees`, { tree: wide });
  return {
    trees,
    topTreeId: await nodeId(wharf, owner, trees[4]!),
    wideTreeId: await nodeId(wharf, owner, wideTree),
    blobId: await nodeId(wharf, owner, blob),
  };
}

function nested(owner: string, tree: string, levels: number): string {
  let inner = 'oid';
  for (let i = 0; i < levels; i++) inner = `entries{name object{...on Tree{${inner}}}}`;
  return `{repository(owner:"${owner}",name:"bomb"){object(oid:"${tree}"){...on Tree{${inner}}}}}`;
}

const aliased = (count: number, selection: string) =>
  `query($ids: [ID!]!) { rateLimit { cost } ${Array.from({ length: count }, (_, i) => `a${i}: nodes(ids: $ids) { ${selection} }`).join(' ')} }`;

interface Measured {
  name: string;
  queryBytes: number;
  status: number;
  answerBytes: number;
  errorType: string | null;
  cost: number | null;
  cpuSeconds: number;
  rssGrowthMb: number;
  wallMs: number;
  slowestHealthzMs: number;
}

/** GET /healthz every 100 ms until `done`; resolves the slowest answer's latency (a failed one counts until it failed). */
async function pollHealthz(wharf: WharfServer, done: () => boolean): Promise<number> {
  let slowest = 0;
  while (!done()) {
    const started = performance.now();
    try {
      await (await fetch(`${wharf.baseUrl}/healthz`)).arrayBuffer();
    } catch (error) {
      progress(
        `GET /healthz failed after ${(performance.now() - started).toFixed(0)} ms: ${String((error as Error).cause ?? error)}`,
      );
    }
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return slowest;
}

async function measureQuery(
  wharf: WharfServer,
  name: string,
  query: string,
  variables?: unknown,
): Promise<Measured | undefined> {
  if (ONLY && !ONLY.includes(name)) return undefined;
  const pid = wharf.child.process.pid!;
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the last query's garbage go
  const rssBefore = (await readRssBytes(pid)) ?? 0;
  const sampler = sampleRss(pid, 50);
  let finished = false;
  const healthz = pollHealthz(wharf, () => finished);
  const started = performance.now();
  const { cpuSeconds, value } = await cpuSecondsOf(pid, () =>
    call(wharf, 'POST', '/api/graphql', { query, variables }),
  );
  const wallMs = performance.now() - started;
  finished = true;
  const peak = await sampler.stop();
  const slowestHealthzMs = await healthz;
  let errorType: string | null = null;
  let cost: number | null = null;
  try {
    const body = JSON.parse(value.text) as { data?: { rateLimit?: { cost: number } }; errors?: { type?: string }[] };
    errorType = body.errors?.[0]?.type ?? null;
    cost = body.data?.rateLimit?.cost ?? null;
  } catch {
    errorType = 'not JSON';
  }
  const result: Measured = {
    name,
    queryBytes: Buffer.byteLength(query),
    status: value.status,
    answerBytes: Buffer.byteLength(value.text),
    errorType,
    cost,
    cpuSeconds,
    rssGrowthMb: Math.max(0, peak - rssBefore) / MB,
    wallMs,
    slowestHealthzMs,
  };
  progress(`${name}: ${JSON.stringify(result)}`);
  return result;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-hostile-'));
  progress(`starting ${ENTRY} on ${dataDir}`);
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const wharf = await startWharf(dataDir, 120_000, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [], ENTRY);
  const results: (Measured | undefined)[] = [];
  try {
    const viewer = JSON.parse((await call(wharf, 'GET', '/user')).text) as { login: string };
    const owner = viewer.login;
    const content = await makeContent(wharf, owner);
    results.push(
      await measureQuery(
        wharf,
        'nested-1',
        `{ rateLimit { cost } ${nested(owner, content.trees[4]!, 1).slice(1, -1)} }`,
      ),
    );
    const entries = '... on Tree { entries { name path oid } }';
    results.push(
      await measureQuery(wharf, 'nested-1 ×500', aliased(5, entries), { ids: Array(100).fill(content.topTreeId) }),
    );
    results.push(
      await measureQuery(wharf, 'wide ×50', aliased(1, entries), { ids: Array(50).fill(content.wideTreeId) }),
    );
    results.push(
      await measureQuery(wharf, 'wide ×500', aliased(5, entries), { ids: Array(100).fill(content.wideTreeId) }),
    );
    results.push(
      await measureQuery(wharf, 'blob-text-400', aliased(4, '... on Blob { text }'), {
        ids: Array(100).fill(content.blobId),
      }),
    );
    results.push(await measureQuery(wharf, 'nested-5', nested(owner, content.trees[4]!, 5)));
  } finally {
    await wharf.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    'query          query B  status  answer bytes  error type                 cost   CPU s  RSS +MB  wall ms  slowest /healthz ms',
  );
  for (const r of results) {
    if (!r) continue;
    console.log(
      [
        r.name.padEnd(14),
        String(r.queryBytes).padStart(7),
        String(r.status).padStart(7),
        String(r.answerBytes).padStart(13),
        ` ${(r.errorType ?? '-').padEnd(25)}`,
        String(r.cost ?? '-').padStart(5),
        r.cpuSeconds.toFixed(2).padStart(7),
        r.rssGrowthMb.toFixed(0).padStart(8),
        r.wallMs.toFixed(0).padStart(8),
        r.slowestHealthzMs.toFixed(0).padStart(20),
      ].join(' '),
    );
  }
  await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify({ entry: ENTRY, at: new Date().toISOString(), results: results.filter(Boolean) }, null, 2)}\n`,
  );
}

await main();
