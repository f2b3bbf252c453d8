// semantic-release with @semantic-release/github against Wharf (issue 34): the
// tool as published, pinned in package.json, on the suite's pinned Node 24 (node24/)
// (it wants Node ≥ 22.14; the server runs on 20), told only Wharf's URLs and a token.
// The scenario: a repository with tag v1.0.0 and an issue "bug X"; a `fix:`
// commit that says "Fixes #<issue>" merged through a pull request (REST merge),
// which closes the issue;
// then semantic-release on main must push v1.0.1, create the release with its
// notes, and comment on and label `released` both the pull request and the
// issue. Each step is checked through Wharf's REST API; the run prints
// `semantic-release: N/N steps pass (base …)` and, per failing step,
// `FAIL step: …` naming the request Wharf refused.
//
// Reads WHARF_BASE_URL (the API base: the server's root or its /api/v3),
// WHARF_TOKEN, WHARF_LOGIN, COMPAT_PREFIX (names the repository) and, for an
// /api/v3 base, SEMREL_API_OPTION: `prefix` (GITHUB_URL + GITHUB_PREFIX, the
// default) or `api-url` (GITHUB_API_URL, as GitHub Actions sets it on GHES).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NODE24 } from '../node24/node-path.js';
import { env, expect } from '../octokit/call-list.js';
import { refusedRequests } from './refused-requests.js';

const run = promisify(execFile);
const HERE = new URL('.', import.meta.url).pathname;
const SEMANTIC_RELEASE = join(HERE, 'node_modules/semantic-release/bin/semantic-release.js');
const PLUGINS = '@semantic-release/commit-analyzer,@semantic-release/release-notes-generator,@semantic-release/github';

const base = env('WHARF_BASE_URL').replace(/\/$/, '');
const token = env('WHARF_TOKEN');
const login = env('WHARF_LOGIN');
const name = `${env('COMPAT_PREFIX')}-semrel`;
const origin = new URL(base).origin;
const apiPrefix = new URL(base).pathname.replace(/\/$/, '');

/** One REST call to Wharf; a non-2xx answer throws with the method, path, status and message. */
async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `token ${token}`,
      accept: 'application/vnd.github+json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    const message = (() => {
      try {
        return (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        return text;
      }
    })();
    throw Object.assign(new Error(`${method} ${path} → ${response.status} ${message}`), { status: response.status });
  }
  return (text ? JSON.parse(text) : {}) as T;
}

const steps = stepList(
  'semantic-release',
  apiPrefix ? `${base}, ${process.env.SEMREL_API_OPTION === 'api-url' ? 'GITHUB_API_URL' : 'GITHUB_PREFIX'}` : base,
);
const repo = `/repos/${login}/${name}`;
const work = await mkdtemp(join(tmpdir(), 'wharf-semrel-'));
let issue = 0;
let pull = 0;
let cloneUrl = '';

try {
  await steps.call('repository with an initial commit and tag v1.0.0', async () => {
    const created = await api<{ clone_url: string; default_branch: string }>('POST', '/user/repos', {
      name,
      auto_init: true,
    });
    expect(created.default_branch === 'main', `default branch is ${created.default_branch}, not main`);
    cloneUrl = created.clone_url;
    const main = await api<{ object: { sha: string } }>('GET', `${repo}/git/ref/heads/main`);
    await api('POST', `${repo}/git/refs`, { ref: 'refs/tags/v1.0.0', sha: main.object.sha });
  });

  await steps.call('issue "bug X"', async () => {
    issue = (await api<{ number: number }>('POST', `${repo}/issues`, { title: 'bug X', body: 'X is broken.' })).number;
  });

  await steps.call('fix: commit on a branch, merged through a pull request', async () => {
    const main = await api<{ object: { sha: string } }>('GET', `${repo}/git/ref/heads/main`);
    await api('POST', `${repo}/git/refs`, { ref: 'refs/heads/fix-x', sha: main.object.sha });
    await api('PUT', `${repo}/contents/x.txt`, {
      message: `fix: bug X no longer happens\n\nFixes #${issue}`,
      content: Buffer.from('X works.\n').toString('base64'),
      branch: 'fix-x',
    });
    const opened = await api<{ number: number }>('POST', `${repo}/pulls`, {
      title: 'fix: bug X no longer happens',
      head: 'fix-x',
      base: 'main',
      body: `Fixes #${issue}`,
    });
    pull = opened.number;
    const merged = await api<{ merged: boolean }>('PUT', `${repo}/pulls/${pull}/merge`, {});
    expect(merged.merged, 'the pull request was not merged');
  });

  await steps.call('the merge closes the issue (Fixes #N)', async () => {
    const closed = await api<{ state: string; state_reason: string | null }>('GET', `${repo}/issues/${issue}`);
    expect(closed.state === 'closed', `issue #${issue} is ${closed.state} after the merge`);
  });

  let log = '';
  let finished = false;
  await steps.call('semantic-release runs on main', async () => {
    const git = (args: string[]) => run('git', ['-c', 'credential.helper=', ...args], { cwd: work, env: toolEnv() });
    await git(['clone', '--quiet', cloneUrl, 'clone']);
    const result: { code?: number | string; stdout?: string; stderr?: string } = await run(
      NODE24,
      [
        SEMANTIC_RELEASE,
        '--no-ci',
        '--debug',
        '--branches',
        'main',
        '--repository-url',
        cloneUrl,
        '--plugins',
        PLUGINS,
      ],
      { cwd: join(work, 'clone'), env: toolEnv(), maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    // execFile rejects on a non-zero exit, with the exit code as `code`.
    log = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    // The whole debug log, for reading by hand (SEMREL_LOG_DIR, unset in the suite).
    if (process.env.SEMREL_LOG_DIR) await writeFile(join(process.env.SEMREL_LOG_DIR, `${name}.log`), log);
    finished = !result.code;
    if (!finished) {
      const refused = refusedRequests(log);
      throw new Error(
        `exit ${result.code}; ${refused.length > 0 ? `Wharf refused: ${refused.join('; ')}` : `log tail:\n${log.slice(-3000)}`}`,
      );
    }
  });
  // The steps below check the run's effects: when it stopped, its refusals were named once, above; when it
  // finished, those it logged and went past (a comment or a label refused) are named here.
  const withRefusals = (message: string) => {
    if (!finished) return `${message} (semantic-release did not finish)`;
    const refused = refusedRequests(log);
    return refused.length > 0 ? `${message}; Wharf refused: ${refused.join('; ')}` : message;
  };
  await steps.call('tag v1.0.1 pushed', async () => {
    const tag = await api<{ object: { sha: string } }>('GET', `${repo}/git/ref/tags/v1.0.1`).catch((error: Error) => {
      throw new Error(withRefusals(error.message));
    });
    const main = await api<{ object: { sha: string } }>('GET', `${repo}/git/ref/heads/main`);
    expect(tag.object.sha === main.object.sha, `v1.0.1 is ${tag.object.sha}, main is ${main.object.sha}`);
  });

  await steps.call('release v1.0.1 with its notes', async () => {
    const release = await api<{ name: string; body: string | null }>('GET', `${repo}/releases/tags/v1.0.1`).catch(
      (error: Error) => {
        throw new Error(withRefusals(error.message));
      },
    );
    expect(release.name === 'v1.0.1', `release name ${release.name}`);
    expect(
      /Bug Fixes/.test(release.body ?? '') && /bug X no longer happens/.test(release.body ?? ''),
      withRefusals(`release notes lack the fix: ${JSON.stringify(release.body)}`),
    );
  });

  for (const [what, number, text] of [
    ['pull request', () => pull, 'This PR is included in version 1.0.1'],
    ['issue', () => issue, 'This issue has been resolved in version 1.0.1'],
  ] as const) {
    await steps.call(`comment on the ${what}`, async () => {
      const comments = await api<{ body: string }[]>('GET', `${repo}/issues/${number()}/comments`);
      expect(
        comments.some((comment) => comment.body.includes(text)),
        withRefusals(`no "${text}" among ${comments.length} comments`),
      );
    });
    await steps.call(`label released on the ${what}`, async () => {
      const labels = await api<{ name: string }[]>('GET', `${repo}/issues/${number()}/labels`);
      expect(
        labels.some((label) => label.name === 'released'),
        withRefusals(`labels are [${labels.map((label) => label.name).join(', ')}]`),
      );
    });
  }
} finally {
  await rm(work, { recursive: true, force: true });
  steps.finish();
}

/**
 * The tool's environment: the token and Wharf's URLs in the variables
 * @semantic-release/github reads (GITHUB_URL is the web and git host; the API
 * is at its root, or under GITHUB_PREFIX for GHES's /api/v3, or at GITHUB_API_URL), a home of its own
 * (no git config, no credential helper), and its debug log on.
 */
function toolEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: work,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GITHUB_TOKEN: token,
    GITHUB_URL: origin,
    ...(apiPrefix && process.env.SEMREL_API_OPTION === 'api-url' ? { GITHUB_API_URL: base } : {}),
    ...(apiPrefix && process.env.SEMREL_API_OPTION !== 'api-url' ? { GITHUB_PREFIX: apiPrefix } : {}),
    DEBUG: 'semantic-release:*,@semantic-release/*',
    NO_COLOR: '1',
  };
}

/** Runs each step in turn; a failure prints `FAIL step: …` and the run goes on. */
function stepList(tool: string, baseUrl: string) {
  let passed = 0;
  let total = 0;
  return {
    async call(step: string, body: () => Promise<void>): Promise<void> {
      total += 1;
      try {
        await body();
        passed += 1;
      } catch (error) {
        console.error(`FAIL ${step}: ${(error as Error).message}`);
      }
    },
    finish(): void {
      console.log(`${tool}: ${passed}/${total} steps pass (base ${baseUrl})`);
      process.exitCode = passed === total ? 0 : 1;
    },
  };
}
