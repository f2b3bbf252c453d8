// `npm run bench:mock`: how long `npm run mock` takes to answer, and how much
// memory it holds meanwhile. Each run starts the mock as the script does
// (`node bin/run-ts.mjs contract-tests/mock/serve.ts`, a free PORT), asks
// `GET /user` every 20 ms until one is answered 200 (time to first answer,
// from spawn), then reads VmHWM (the peak resident set) of every process of
// the tree (prism, or its child process in older mocks) and sums them. Medians
// of --runs (default 5). Arguments after `--` go to serve.ts. `--entry
// <file>` (repeatable) measures other copies of serve.ts in the same run,
// interleaved, for before/after figures on a machine whose load moves.
import { readdir, readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { freePort } from '../server/db/free-port.js';
import { spawnNode, stopChild } from './child-process.js';
import { median } from './timed-command.js';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, entry: { type: 'string', multiple: true } },
  allowPositionals: true,
});
const runs = Number(values.runs);
const entries = values.entry ?? ['contract-tests/mock/serve.ts'];
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

async function once(entry: string): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawnNode(['bin/run-ts.mjs', entry, ...positionals], {
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

const results = new Map<string, Run[]>(entries.map((entry) => [entry, []]));
for (let i = 0; i < runs; i++) {
  for (const entry of entries) {
    const run = await once(entry);
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
