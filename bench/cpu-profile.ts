// Reads a V8 .cpuprofile (`node --cpu-prof`) and ranks functions by self
// time: the time the sampler found the function itself on top of the stack.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './child-process.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A span of CLOCK_MONOTONIC in µs (process.hrtime.bigint() / 1000n): V8 stamps samples on the same clock on Linux. */
export interface Window {
  fromUs: number;
  toUs: number;
}

export interface SelfTime {
  name: string;
  /** Where the function is: a path under the repository or node_modules, `node:…`, or empty for V8's own entries. */
  where: string;
  ms: number;
  /** Share of the busy (non-idle) samples. */
  percent: number;
}

/** Shortens a script URL: repository-relative, node_modules reduced to the package path. */
function shortWhere(url: string, line: number): string {
  if (!url) return '';
  let path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (path.startsWith('/')) path = relative(REPO_ROOT, path);
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) path = path.slice(modules + 'node_modules/'.length);
  return `${path}:${line + 1}`;
}

/** The busy time in ms and the functions ranked by self time (ties kept apart by location). */
export async function selfTimes(
  file: string,
  window?: Window,
): Promise<{ busyMs: number; idleMs: number; ranked: SelfTime[] }> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, { name: string; where: string; us: number }>();
  let idleUs = 0;
  let busyUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    // Only the load phase: start-up (tsx, ajv compiling) is not the hot path.
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idleUs += delta;
      return;
    }
    busyUs += delta;
    const where = shortWhere(frame.url, frame.lineNumber);
    const key = `${frame.functionName}@${where}`;
    const entry = totals.get(key) ?? { name: frame.functionName || '(anonymous)', where, us: 0 };
    entry.us += delta;
    totals.set(key, entry);
  });
  const ranked = [...totals.values()]
    .sort((a, b) => b.us - a.us)
    .map((e) => ({ name: e.name, where: e.where, ms: e.us / 1000, percent: (100 * e.us) / busyUs }));
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, ranked };
}

/** A Markdown table of the first `count` entries. */
export function selfTimeTable(ranked: SelfTime[], count: number): string {
  const rows = ranked
    .slice(0, count)
    .map((e, i) => `| ${i + 1} | ${e.percent.toFixed(1)} % | \`${e.name}\` | ${e.where || '(V8)'} |`);
  return ['| # | self | function | where |', '|---|---|---|---|', ...rows].join('\n');
}
