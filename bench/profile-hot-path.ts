// `npm run bench:profile`: where the authenticated GET spends its CPU.
// Starts `wharf serve` under `node --cpu-prof` (the same spawn as `npm run
// bench`), drives GET /repos/{owner}/{repo} with autocannon (64 connections,
// BENCH_DURATION_S, default 10, after a 2 s warm-up), stops the server so V8
// writes its profile, and prints the top functions by self time over the
// measured seconds only (start-up and warm-up are cut by timestamp).
// PROFILE_TARGET=404 profiles the unauthenticated 404 instead, PROFILE_TARGET=issues
// GET …/issues?per_page=30 over 30 issues (bench/issue-list-target.ts), PROFILE_TARGET=contents
// GET …/contents/{path} of a 10 KB file (contents-target.ts), PROFILE_TARGET=commits
// GET …/commits?per_page=30 of 40 commits (commits-target.ts), PROFILE_TARGET=pulls
// GET …/pulls/{n} (pull-target.ts); PROFILE_OUT=file
// keeps the .cpuprofile (open it in Chrome DevTools or speedscope).
import { commitsTarget } from './commits-target.js';
import { pullTarget } from './pull-target.js';
import { prepareContentsTarget } from './contents-target.js';
import autocannon from 'autocannon';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfTimes, selfTimeTable } from './cpu-profile.js';
import { seedIssues } from './issue-list-target.js';
import { startWharf } from './spawn-wharf.js';
import { benchDurationS } from './bench-duration.js';

const durationS = benchDurationS();
const top = Number(process.env.PROFILE_TOP || 15);
const dataDir = await mkdtemp(join(tmpdir(), 'wharf-profile-'));
const profileDir = join(dataDir, 'cpu-profiles');
const wharf = await startWharf(dataDir, undefined, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]).catch(
  async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  },
);
let stopped = false;
try {
  const auth = { authorization: `token ${wharf.token}` };
  const user = (await (await fetch(`${wharf.baseUrl}/user`, { headers: auth })).json()) as { login: string };
  const created = await fetch(`${wharf.baseUrl}/user/repos`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench-repo' }),
  });
  if (created.status !== 201) throw new Error(`POST /user/repos: ${created.status}`);
  const notFound = process.env.PROFILE_TARGET === '404';
  const issues =
    process.env.PROFILE_TARGET === 'issues'
      ? await seedIssues(wharf.baseUrl, auth, `/repos/${user.login}/bench-repo`, user.login)
      : undefined;
  const contents =
    process.env.PROFILE_TARGET === 'contents'
      ? await prepareContentsTarget(wharf.baseUrl, auth, `/repos/${user.login}/bench-repo`, wharf.child.pid!)
      : process.env.PROFILE_TARGET === 'commits'
        ? await commitsTarget(wharf, user.login)
        : process.env.PROFILE_TARGET === 'pulls'
          ? await pullTarget(wharf, user.login)
          : null;
  const url = contents
    ? contents.url
    : notFound
      ? `${wharf.baseUrl}/repos/nobody/nothing`
      : `${wharf.baseUrl}${issues?.path ?? `/repos/${user.login}/bench-repo`}`;
  const headers = notFound ? {} : auth;
  const load = (duration: number) => Promise.resolve(autocannon({ url, headers, connections: 64, duration }));
  await load(2);
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const result = await load(durationS);
  const toUs = Number(process.hrtime.bigint() / 1000n);
  await wharf.stop();
  stopped = true;
  const [file] = (await readdir(profileDir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
  if (process.env.PROFILE_OUT) await copyFile(join(profileDir, file), process.env.PROFILE_OUT);
  const { busyMs, idleMs, ranked } = await selfTimes(join(profileDir, file), { fromUs, toUs });
  const requests = result.requests.total;
  process.stdout.write(
    [
      `${contents ? contents.name : notFound ? 'GET /repos/nobody/nothing (404)' : issues ? `authenticated GET ${issues.path}` : 'authenticated GET /repos/{owner}/{repo}'}: ${requests} responses in ${durationS} s ` +
        `(${result.requests.mean.toFixed(0)} req/s under the profiler, ${Object.keys(result.statusCodeStats).join('/')})`,
      `server busy ${busyMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms: ${((1000 * busyMs) / requests).toFixed(1)} µs of CPU sampled per response`,
      '',
      selfTimeTable(ranked, top),
      '',
    ].join('\n'),
  );
} finally {
  if (!stopped) await wharf.stop();
  await rm(dataDir, { recursive: true, force: true });
}
