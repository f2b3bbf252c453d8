// The `GET …/commits?per_page=30` target of `npm run bench` (issue 15): a
// repository with 40 commits, each changing a file, pushed with the git CLI
// through Wharf's git HTTP door; the list is read with the admin's token.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Target, TargetResult } from './load.js';
import type { WharfServer } from './spawn-wharf.js';

const run = promisify(execFile);
const REPO = 'bench-commits';
const COMMITS = 40;

/** From issue 15: the commit list at a quarter of bare's req/s or better. */
export const COMMITS_TARGET_RATIO = 0.25;

export async function commitsTarget(wharf: WharfServer, login: string): Promise<Target> {
  const auth = { authorization: `token ${wharf.token}` };
  const created = await fetch(`${wharf.baseUrl}/user/repos`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: REPO }),
  });
  if (created.status !== 201) throw new Error(`POST /user/repos (${REPO}): ${created.status} ${await created.text()}`);
  const home = await mkdtemp(join(tmpdir(), 'wharf-bench-git-'));
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  const git = (...args: string[]) => run('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: home, env });
  try {
    await git('init', '--quiet');
    for (let i = 1; i <= COMMITS; i++) {
      await writeFile(join(home, 'counter.txt'), `${i}\n`);
      await git('add', 'counter.txt');
      await git('commit', '--quiet', '-m', `Commit ${i}\n\nBody of commit ${i}.`);
    }
    const url = new URL(`${wharf.baseUrl}/${login}/${REPO}.git`);
    url.username = 'x-access-token';
    url.password = wharf.token;
    await git('push', '--quiet', url.toString(), 'main');
  } finally {
    await rm(home, { recursive: true, force: true });
  }
  const path = `/repos/${login}/${REPO}/commits?per_page=30`;
  const check = await fetch(`${wharf.baseUrl}${path}`, { headers: auth });
  const text = await check.text();
  const body = JSON.parse(text) as unknown[];
  if (check.status !== 200 || body.length !== 30)
    throw new Error(`GET ${path}: ${check.status}, ${body.length} commits`);
  // The body is GitHub's shape, ~7× bare's: bytes on the socket are much of its cost.
  const kb = (Buffer.byteLength(text) / 1024).toFixed(1);
  return {
    name: `wharf GET ${path} (token, ${kb} KB)`,
    url: `${wharf.baseUrl}${path}`,
    headers: auth,
    expectStatus: 200,
    pid: wharf.child.pid!,
  };
}

export function commitsSummary(bare: TargetResult, commits: TargetResult): { ratio: number; line: string } {
  const ratio = commits.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= COMMITS_TARGET_RATIO ? 'MET' : 'MISSED';
  return {
    ratio,
    line: `target GET …/commits?per_page=30 ≥ ${COMMITS_TARGET_RATIO.toFixed(2)} × bare: ${met} (${ratio.toFixed(3)}, ${commits.requestsPerSecond.toFixed(1)} req/s)`,
  };
}
