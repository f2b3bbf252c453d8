// What `npm run bench` checks before and after measuring: that each answer has
// the status the target expects, which headers a comparison may copy, and the
// problems that make a run's numbers meaningless.
import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './child-process.js';
import type { TargetResult } from './load.js';

/** The commit measured, and whether the tree had changes on top of it. */
export function gitState(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** Headers a server sets per connection or per write, not per response: left out of the h3 floor's set. */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** A response's headers as [name, value] pairs (names lower-case, set-cookie one pair each), minus PER_CONNECTION_HEADERS. */
export function responseHeaders(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name));
}

export async function expectStatus(response: Response, status: number, what: string): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${body.toString('utf8').slice(0, 500)}`);
  }
  return body;
}

/** Problems that make the run's numbers meaningless; each fails the run. */
export function problemsOf(result: TargetResult, expected: number): string[] {
  const problems: string[] = [];
  if (result.unexpectedStatus > 0) {
    problems.push(`${result.name}: ${result.unexpectedStatus} responses with a status other than ${expected}`);
  }
  if (result.errors > 0 || result.timeouts > 0) {
    problems.push(`${result.name}: ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  if (result.totalRequests === 0) problems.push(`${result.name}: no responses at all`);
  return problems;
}
