// The issue list in `npm run bench` (issue #16): GET …/issues?per_page=30 on
// a repository with 30 issues (each with an assignee), against a bare
// node:http server returning the same body bytes. Target: ≥ 0.25× bare;
// its SQL cost (≤ 3 statements per request) is pinned by
// server/issues/issue-list-cost.test.ts.
import type { Target, TargetResult } from './load.js';

export const ISSUES_TARGET_RATIO = 0.25;
export const ISSUE_COUNT = 30;

/** Opens ISSUE_COUNT issues and returns the list's path and its body (for the bare server). */
export async function seedIssues(
  baseUrl: string,
  auth: Record<string, string>,
  repoPath: string,
  login: string,
): Promise<{ path: string; body: Buffer; contentType: string }> {
  for (let i = 0; i < ISSUE_COUNT; i++) {
    const res = await fetch(`${baseUrl}${repoPath}/issues`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench issue ${i}`,
        body: `Something is wrong with part ${i}.`,
        assignees: [login],
      }),
    });
    if (res.status !== 201) throw new Error(`POST ${repoPath}/issues: ${res.status} ${await res.text()}`);
  }
  const path = `${repoPath}/issues?per_page=${ISSUE_COUNT}`;
  const res = await fetch(`${baseUrl}${path}`, { headers: auth });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return { path, body, contentType: res.headers.get('content-type') ?? 'application/json' };
}

export function issueTargets(
  bare: { url: string; pid: number },
  wharf: { baseUrl: string; pid: number },
  path: string,
  auth: Record<string, string>,
): [Target, Target] {
  return [
    { name: `bare node:http (issue list body)`, url: bare.url, headers: {}, expectStatus: 200, pid: bare.pid },
    {
      name: `wharf GET ${path} (token)`,
      url: `${wharf.baseUrl}${path}`,
      headers: auth,
      expectStatus: 200,
      pid: wharf.pid,
    },
  ];
}

export function issueVerdict(bare: TargetResult, wharf: TargetResult) {
  const actual = wharf.requestsPerSecond / bare.requestsPerSecond;
  return { target: ISSUES_TARGET_RATIO, actual, met: actual >= ISSUES_TARGET_RATIO };
}
