// Renovate's scenario against Wharf (issue 34): a private repository (so git
// needs the token to clone as well as to push) whose package.json
// pins an old is-number gets, from stock Renovate (platform `github`, only the
// endpoint and token pointing at Wharf), a branch and a pull request updating
// it, and a Dependency Dashboard issue listing it; a second run keeps that
// pull request and that issue rather than opening others.
// Renovate runs as a child process on the Node it needs (node24/, the suite's
// one pinned Node 24); the checks read Wharf's REST API. Prints one
// `FAIL step: why` per failing step, then (on failure) the requests Wharf
// refused as Renovate's debug log recorded them, and `renovate: N/M steps pass`.
import { spawn } from 'node:child_process';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE24 } from '../node24/node-path.js';
import { env, expect } from '../octokit/call-list.js';
import { refusedRequests } from './renovate-log.js';

const HERE = new URL('.', import.meta.url).pathname;
const RENOVATE = join(HERE, 'node_modules/renovate/dist/renovate.js');
/** Small, stable, with a newer major (7.0.0) than the pinned one: Renovate's branch is `renovate/is-number-7.x`. */
const PACKAGE = 'is-number';
const OLD_VERSION = '6.0.0';
const RUN_SECONDS = 180;

const base = env('WHARF_BASE_URL').replace(/\/$/, '');
const token = env('WHARF_TOKEN');
const owner = env('WHARF_LOGIN');
const repo = `${env('COMPAT_PREFIX')}-deps`;
const work = await mkdtemp(join(tmpdir(), 'wharf-renovate-'));
const logs: string[] = [];
let passed = 0;
let total = 0;

async function step(name: string, run: () => Promise<void>): Promise<void> {
  total += 1;
  try {
    await run();
    passed += 1;
  } catch (error) {
    console.error(`FAIL ${name}: ${(error as Error).message}`);
  }
}

async function rest(path: string, init: { method?: string; body?: unknown; accept?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: init.accept ?? 'application/vnd.github+json',
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return fetch(`${base}${path}`, { method: init.method ?? 'GET', headers, body });
}

async function json<T>(path: string, init: Parameters<typeof rest>[1] = {}): Promise<T> {
  const response = await rest(path, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Renovate's self-hosted configuration, as an administrator writes it: config.js, the token in the environment. */
async function writeConfig(): Promise<string> {
  const config = {
    platform: 'github',
    endpoint: `${base}/`,
    repositories: [`${owner}/${repo}`],
    onboarding: false,
    requireConfig: 'optional',
    dependencyDashboard: true,
    // Release notes come from github.com, which this deployment has no token for (nor network to).
    fetchChangeLogs: 'off',
    gitAuthor: 'Renovate Bot <renovate@wharf.localhost>',
    baseDir: join(work, 'base'),
    cacheDir: join(work, 'cache'),
  };
  const file = join(work, 'config.js');
  await writeFile(file, `module.exports = ${JSON.stringify(config, null, 2)};\n`);
  return file;
}

/** One Renovate run; its debug log (JSON lines) is kept for the refused requests. */
async function renovate(run: number): Promise<void> {
  const logFile = join(work, `renovate-${run}.log`);
  const out = await open(logFile, 'w');
  const child = spawn(NODE24, [RENOVATE], {
    cwd: work,
    stdio: ['ignore', out.fd, out.fd],
    env: {
      ...process.env,
      // Renovate's git reads no user's ~/.gitconfig (credential helpers) and writes nothing outside `work`.
      HOME: work,
      RENOVATE_CONFIG_FILE: await writeConfig(),
      RENOVATE_TOKEN: token,
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    },
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_SECONDS * 1000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  await out.close();
  const log = await readFile(logFile, 'utf8');
  logs.push(log);
  // Renovate ends a repository it could not finish with an error-level entry (50) and may still exit 0.
  const problems = log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } })
    .filter((entry) => (entry.level ?? 0) >= 50)
    .map((entry) => [entry.msg, entry.err?.message?.split('\n')[0]].filter(Boolean).join(': '));
  expect(code === 0, `exit status ${code ?? 'killed'}${problems.length ? `; ${problems.join('; ')}` : ''}`);
  expect(problems.length === 0, `Renovate logged errors: ${problems.join('; ')}`);
}

interface Issue {
  number: number;
  state: string;
  title: string;
  body: string | null;
  pull_request?: unknown;
}

interface Pull {
  number: number;
  state: string;
  head: { ref: string };
  base: { ref: string };
}

const renovateBranches = async () =>
  (await json<{ name: string }[]>(`/repos/${owner}/${repo}/branches?per_page=100`))
    .map((branch) => branch.name)
    .filter((name) => name.startsWith(`renovate/${PACKAGE}-`));
const renovatePulls = async () =>
  (await json<Pull[]>(`/repos/${owner}/${repo}/pulls?state=all&per_page=100`)).filter((pull) =>
    pull.head.ref.startsWith(`renovate/${PACKAGE}-`),
  );
const dashboards = async () =>
  (await json<Issue[]>(`/repos/${owner}/${repo}/issues?state=all&per_page=100`)).filter(
    (issue) => !issue.pull_request && issue.title === 'Dependency Dashboard',
  );

let branch: string | undefined;
let dashboard: Issue | undefined;
let pull: Pull | undefined;

await step(`seed ${owner}/${repo} with package.json pinning ${PACKAGE}@${OLD_VERSION}`, async () => {
  await json(`/user/repos`, { method: 'POST', body: { name: repo, auto_init: true, private: true } });
  const manifest = { name: repo, version: '1.0.0', private: true, dependencies: { [PACKAGE]: OLD_VERSION } };
  const content = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`).toString('base64');
  await json(`/repos/${owner}/${repo}/contents/package.json`, {
    method: 'PUT',
    body: { message: `Depend on ${PACKAGE} ${OLD_VERSION}`, content },
  });
});
await step('first Renovate run finishes without an error', () => renovate(1));
await step(`branch renovate/${PACKAGE}-… exists`, async () => {
  const branches = await renovateBranches();
  expect(branches.length === 1, `branches renovate/${PACKAGE}-…: ${JSON.stringify(branches)}`);
  branch = branches[0];
});
await step('an open pull request from that branch into main', async () => {
  const pulls = await renovatePulls();
  expect(pulls.length === 1, `pull requests from renovate/${PACKAGE}-…: ${pulls.length}`);
  pull = pulls[0]!;
  expect(pull.state === 'open' && pull.head.ref === branch && pull.base.ref === 'main', JSON.stringify(pull));
});
await step(`its diff moves ${PACKAGE} off ${OLD_VERSION}`, async () => {
  expect(pull !== undefined, 'no pull request');
  const response = await rest(`/repos/${owner}/${repo}/pulls/${pull!.number}`, {
    accept: 'application/vnd.github.diff',
  });
  const diff = await response.text();
  expect(response.ok, `diff: ${response.status} ${diff}`);
  const added = new RegExp(`^\\+\\s*"${PACKAGE}": "(\\d+\\.\\d+\\.\\d+)"`, 'm').exec(diff);
  expect(diff.includes(`-    "${PACKAGE}": "${OLD_VERSION}"`) && added !== null, `diff:\n${diff}`);
  expect(added![1] !== OLD_VERSION, `the new version is the old one:\n${diff}`);
});
await step('an open Dependency Dashboard issue lists the pull request', async () => {
  const issues = await dashboards();
  expect(issues.length === 1, `Dependency Dashboard issues: ${issues.length}`);
  dashboard = issues[0]!;
  expect(dashboard.state === 'open', `issue #${dashboard.number} is ${dashboard.state}`);
  expect((dashboard.body ?? '').includes(`../pull/${pull?.number}`), `issue body:\n${dashboard.body}`);
});
await step('second Renovate run finishes without an error', () => renovate(2));
await step('the second run keeps the one pull request and its branch', async () => {
  const pulls = await renovatePulls();
  const branches = await renovateBranches();
  expect(JSON.stringify(branches) === JSON.stringify([branch]), `branches: ${JSON.stringify(branches)}`);
  expect(pulls.length === 1 && pulls[0]!.number === pull?.number, `pull requests: ${pulls.map((p) => p.number)}`);
  expect(pulls[0]!.state === 'open', `pull request #${pulls[0]!.number} is ${pulls[0]!.state}`);
});
await step('the second run keeps the one Dependency Dashboard issue', async () => {
  const issues = await dashboards();
  expect(issues.length === 1 && issues[0]!.number === dashboard?.number, `issues: ${issues.map((i) => i.number)}`);
  expect(issues[0]!.state === 'open', `issue #${issues[0]!.number} is ${issues[0]!.state}`);
});

if (passed < total) {
  const refused = refusedRequests(logs.join('\n'), new URL(base).origin);
  for (const line of refused) console.error(`REFUSED ${line}`);
  console.error(`Renovate's logs are kept in ${work}`);
} else {
  await rm(work, { recursive: true, force: true });
}
console.log(`renovate: ${passed}/${total} steps pass (base ${base})`);
process.exitCode = passed === total ? 0 : 1;
