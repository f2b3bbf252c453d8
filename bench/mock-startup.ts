// `npm run bench:mock`: how long `npm run mock` takes to answer, and how much
// memory it holds meanwhile. Each run starts the mock as the script does
// (`node bin/run-ts.mjs contract-tests/mock/serve.ts`, a free PORT), asks
// `GET /user` every 20 ms until one is answered 200 (time to first answer,
// from spawn), then reads VmHWM (the peak resident set) of every process of
// the tree (prism, or its child process in older mocks) and sums them. Medians
// of --runs (default 5). Arguments after `--` go to serve.ts. `--entry
// <file>` (repeatable) measures other copies of serve.ts in the same run,
// interleaved, for before/after figures on a machine whose load moves.
// `--packaged` also packs @wharf/mock, installs it outside the repository
// (mock/test/install-packed.ts), prints the size of that install's
// node_modules, and measures its `wharf-mock` in the same rounds.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { installPacked } from '../mock/test/install-packed.js';
import { freePort } from '../server/db/free-port.js';
import { spawnNode, stopChild } from './child-process.js';
import { median } from './timed-command.js';

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    entry: { type: 'string', multiple: true },
    packaged: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const runs = Number(values.runs);
/** What to measure, by name: the arguments of the `node` that runs it. */
const entries = new Map((values.entry ?? ['contract-tests/mock/serve.ts']).map((e) => [e, ['bin/run-ts.mjs', e]]));
const PACKAGED = '@wharf/mock (packed, installed)';
const packaged = values.packaged ? await installPacked('mock') : undefined;
if (packaged) {
  const { stdout } = await promisify(execFile)('du', ['-sk', join(packaged.project, 'node_modules')]);
  console.log(
    `${PACKAGED}: node_modules of the installing project ${(Number.parseInt(stdout, 10) / 1024).toFixed(0)} MiB`,
  );
  entries.set(PACKAGED, [join(packaged.project, 'node_modules/@wharf/mock/dist/lib/mock/wharf-mock.js')]);
}
const POLL_MS = 20;
const GIVE_UP_MS = 120_000;

/** `pid` and all its live descendants, from /proc/<pid>/task/<tid>/children. */
async function tree(pid: number): Promise<number[]> {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tasks = await readdir(`/proc/${found[i]}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${found[i]}/task/${task}/children`, 'utf8').catch(() => '');
      for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

/** VmHWM of one process in KiB (0 once it is gone). */
async function peakKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+)\s+kB$/m.exec(status)?.[1] ?? 0);
}

async function answered(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { headers: { authorization: 'token bench' } });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

interface Run {
  firstAnswerMs: number;
  peakMiB: number;
  processes: number;
}

async function once(command: string[]): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnNode([...command, ...positionals], {
    ...process.env,
    PORT: String(port),
  });
  try {
    while (!(await answered(`http://127.0.0.1:${port}/user`))) {
      if (child.process.exitCode !== null) throw new Error(`the mock exited\n${child.stderrTail()}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no answer in ${GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const firstAnswerMs = performance.now() - started;
    const pids = await tree(child.pid);
    const peaks = await Promise.all(pids.map(peakKiB));
    return { firstAnswerMs, peakMiB: peaks.reduce((a, b) => a + b, 0) / 1024, processes: pids.length };
  } finally {
    await stopChild(child.process, 10_000);
  }
}

const results = new Map<string, Run[]>([...entries.keys()].map((entry) => [entry, []]));
try {
  for (let i = 0; i < runs; i++) {
    for (const [entry, command] of entries) {
      const run = await once(command);
      results.get(entry)!.push(run);
      process.stderr.write(
        `${entry} run ${i + 1}: first answer ${run.firstAnswerMs.toFixed(0)} ms, ` +
          `peak RSS ${run.peakMiB.toFixed(0)} MiB (${run.processes} processes)\n`,
      );
    }
  }
  for (const [entry, list] of results) {
    console.log(
      `${entry}, ${runs} runs, median: first answer ${median(list.map((r) => r.firstAnswerMs)).toFixed(0)} ms, ` +
        `peak RSS of the process tree ${median(list.map((r) => r.peakMiB)).toFixed(0)} MiB`,
    );
  }
} finally {
  // The install is in a temporary directory, removed even when a run fails.
  await packaged?.remove();
}
