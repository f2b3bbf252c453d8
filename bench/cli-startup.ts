// `npm run bench:cli`: how fast the `wharf` command starts. Measures, against
// a running `wharf serve` (embedded PostgreSQL):
//   - `wharf admin create-user` and `list-tokens`: wall time, CPU and peak RSS,
//     joining the server's embedded cluster and through DATABASE_URL;
//   - `wharf serve` start-up to the first 200 on /healthz: a restart on an
//     existing embedded cluster, and against DATABASE_URL (no PostgreSQL
//     start-up in it, so Node's own start-up shows);
//   - `node -e ''`, the floor every command pays.
// Medians of --runs (default 5). `--compare <path/to/bin/wharf.mjs>` measures
// another checkout's CLI in the same run, interleaved, for before/after ratios
// (the machine's load moves both alike). Writes bench/results/cli-startup.json.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './child-process.js';
import { serveStartup, type RunningServe } from './serve-startup.js';
import { summarize, timedCommand, type Summary, type Timed } from './timed-command.js';

const RESULTS_FILE = fileURLToPath(new URL('./results/cli-startup.json', import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, compare: { type: 'string', multiple: true, default: [] } },
});
const runs = Number(values.runs);
const clis = [join(REPO_ROOT, 'bin/wharf.mjs'), ...values.compare.map((path) => resolve(path))];
const label = (cli: string) => (cli === clis[0] ? 'this checkout' : cli);

/** The embedded cluster's URL, as an admin command joining it would build it. */
async function embeddedUrl(dataDir: string): Promise<string> {
  const creds = JSON.parse(await readFile(join(dataDir, 'pg-credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const port = (await readFile(join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/wharf`;
}

/** Runs `make(i, cli)` `runs` times for every CLI, interleaved. */
async function interleaved<T>(make: (i: number, cli: string) => Promise<T>): Promise<Map<string, T[]>> {
  const samples = new Map(clis.map((cli) => [cli, [] as T[]]));
  for (let i = 0; i < runs; i++) for (const cli of clis) samples.get(cli)!.push(await make(i, cli));
  return samples;
}

const work = await mkdtemp(join(tmpdir(), 'wharf-bench-cli-'));
// As root the embedded cluster runs as `postgres`, which must reach the data directory inside.
await chmod(work, 0o755);
const results: Record<string, Record<string, Summary>> = Object.fromEntries(clis.map((cli) => [label(cli), {}]));
const record = (name: string, samples: Map<string, Timed[]>) => {
  for (const [cli, list] of samples) results[label(cli)]![name] = summarize(list);
};
let server: RunningServe | undefined;
try {
  const floor = await interleaved(() => timedCommand([process.execPath, '-e', ''], process.env));
  record('node -e ""', floor);

  const dataDir = join(work, 'data');
  server = await serveStartup(clis[0]!, { WHARF_DATA_DIR: dataDir });
  process.stderr.write(`serve (first start, initdb included): ${server.startupMs.toFixed(0)} ms\n`);
  const joined = { ...process.env, WHARF_DATA_DIR: dataDir, WHARF_LOG_LEVEL: 'warn', DATABASE_URL: undefined };
  const external = { ...joined, DATABASE_URL: await embeddedUrl(dataDir), WHARF_DATA_DIR: join(work, 'unused') };
  for (const [mode, env] of [
    ['joined', joined],
    ['DATABASE_URL', external],
  ] as const) {
    record(
      `admin create-user (${mode})`,
      await interleaved((i, cli) =>
        timedCommand([process.execPath, cli, 'admin', 'create-user', `u${mode.length}x${clis.indexOf(cli)}x${i}`], env),
      ),
    );
    record(
      `admin list-tokens (${mode})`,
      await interleaved((_, cli) => timedCommand([process.execPath, cli, 'admin', 'list-tokens', 'admin'], env)),
    );
  }
  record(
    'serve to first 200 (DATABASE_URL)',
    await interleaved(async (_, cli) => {
      const started = await serveStartup(cli, {
        DATABASE_URL: external.DATABASE_URL,
        WHARF_DATA_DIR: join(work, 'unused'),
      });
      await started.stop();
      return { wallMs: started.startupMs, peakRssMiB: null, cpuMs: null, stdout: '' };
    }),
  );
  await server.stop();
  server = undefined;
  record(
    'serve to first 200 (embedded restart)',
    await interleaved(async (_, cli) => {
      const started = await serveStartup(cli, { WHARF_DATA_DIR: dataDir });
      await started.stop();
      return { wallMs: started.startupMs, peakRssMiB: null, cpuMs: null, stdout: '' };
    }),
  );
} finally {
  await server?.stop();
  await rm(work, { recursive: true, force: true });
}

const fmt = (n: number | null, unit: string) => (n === null ? '-' : `${n.toFixed(unit === 'MiB' ? 1 : 0)} ${unit}`);
for (const [cli, rows] of Object.entries(results)) {
  process.stdout.write(`\n${cli} (median of ${runs})\n`);
  for (const [name, s] of Object.entries(rows)) {
    process.stdout.write(
      `  ${name.padEnd(40)} ${fmt(s.medianWallMs, 'ms').padStart(8)}  CPU ${fmt(s.medianCpuMs, 'ms').padStart(7)}  peak RSS ${fmt(s.medianPeakRssMiB, 'MiB')}\n`,
    );
  }
}
const ratios =
  clis.length > 1
    ? Object.fromEntries(
        Object.keys(results[label(clis[0]!)]!).map((name) => [
          name,
          results[label(clis[0]!)]![name]!.medianWallMs / results[label(clis[1]!)]![name]!.medianWallMs,
        ]),
      )
    : undefined;
if (ratios) {
  process.stdout.write(`\nwall time, this checkout / ${clis[1]}\n`);
  for (const [name, ratio] of Object.entries(ratios))
    process.stdout.write(`  ${name.padEnd(40)} ${ratio.toFixed(2)}×\n`);
}
await mkdir(join(RESULTS_FILE, '..'), { recursive: true });
await writeFile(
  RESULTS_FILE,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, runs, results, ratios }, null, 2)}\n`,
);
process.stdout.write(`\nresults written to ${RESULTS_FILE}\n`);
