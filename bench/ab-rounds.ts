// `AB_BASE_DIR=<checkout> npm run bench:ab`: this checkout's authenticated
// GET /repos/{owner}/{repo} against another checkout's (say main's), in
// shuffled rounds. On a machine shared with other work the load drifts
// within a run; alternating short rounds exposes both builds to the same
// drift, so the per-round ratio is the steadier figure. Prints each round and
// the median of this/base for req/s and for server CPU µs per response.
//
// The base checkout needs its own node_modules (a symlink to this one's works
// when the dependencies are the same). AB_ROUNDS (default 10) rounds of
// AB_ROUND_S seconds (default 5) per build, after a 3 s warm-up of each.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLOCK_TICKS_PER_SECOND, readCpuTicks } from './proc.js';
import { startWharf, type WharfServer } from './spawn-wharf.js';

const baseDir = process.env.AB_BASE_DIR;
if (!baseDir) {
  process.stderr.write('set AB_BASE_DIR to a checkout of the build to compare with (with node_modules)\n');
  process.exit(2);
}
const rounds = Number(process.env.AB_ROUNDS || 10);
const roundS = Number(process.env.AB_ROUND_S || 5);

interface Side {
  label: string;
  wharf: WharfServer;
  url: string;
  headers: Record<string, string>;
  dataDir: string;
}

async function start(label: string, entry: string): Promise<Side> {
  const dataDir = await mkdtemp(join(tmpdir(), `wharf-ab-${label}-`));
  const wharf = await startWharf(dataDir, undefined, [], entry);
  const headers = { authorization: `token ${wharf.token}` };
  const user = (await (await fetch(`${wharf.baseUrl}/user`, { headers })).json()) as { login: string };
  const created = await fetch(`${wharf.baseUrl}/user/repos`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench-repo' }),
  });
  if (created.status !== 201) throw new Error(`${label}: POST /user/repos ${created.status}`);
  return { label, wharf, url: `${wharf.baseUrl}/repos/${user.login}/bench-repo`, headers, dataDir };
}

async function round(side: Side, durationS: number): Promise<{ rps: number; cpuUs: number }> {
  const before = await readCpuTicks(side.wharf.child.pid);
  const result = await autocannon({ url: side.url, headers: side.headers, connections: 64, duration: durationS });
  const after = await readCpuTicks(side.wharf.child.pid);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${side.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuS = before !== undefined && after !== undefined ? (after - before) / CLOCK_TICKS_PER_SECOND : NaN;
  return { rps: result.requests.mean, cpuUs: (cpuS * 1e6) / result.requests.total };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const sides: Side[] = [];
try {
  sides.push(await start('this', 'bin/wharf.mjs'));
  sides.push(await start('base', resolve(baseDir, 'bin/wharf.mjs')));
  for (const side of sides) await round(side, 3);
  const rpsRatios: number[] = [];
  const cpuRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const order = Math.random() < 0.5 ? [sides[0]!, sides[1]!] : [sides[1]!, sides[0]!];
    const measured = new Map<string, { rps: number; cpuUs: number }>();
    for (const side of order) measured.set(side.label, await round(side, roundS));
    const ours = measured.get('this')!;
    const base = measured.get('base')!;
    rpsRatios.push(ours.rps / base.rps);
    cpuRatios.push(base.cpuUs / ours.cpuUs);
    process.stdout.write(
      `round ${i + 1}: this ${ours.rps.toFixed(0)} req/s ${ours.cpuUs.toFixed(1)} µs/req, base ${base.rps.toFixed(0)} req/s ${base.cpuUs.toFixed(1)} µs/req\n`,
    );
  }
  process.stdout.write(
    `median over ${rounds} rounds: req/s this/base ×${median(rpsRatios).toFixed(3)} (range ${Math.min(...rpsRatios).toFixed(2)}–${Math.max(...rpsRatios).toFixed(2)}), ` +
      `server CPU per response base/this ×${median(cpuRatios).toFixed(3)} (range ${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)})\n`,
  );
} finally {
  await Promise.allSettled(sides.map((side) => side.wharf.stop()));
  await Promise.allSettled(sides.map((side) => rm(side.dataDir, { recursive: true, force: true })));
}
