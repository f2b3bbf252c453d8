// The `GET …/pulls/{n}` target of `npm run bench` (issue 17): a pull request
// of a branch with one file commit into main, made through the REST API
// (auto_init, git/refs, contents, pulls/create) and read with the admin's
// token. Its body carries head/base repositories and users: one of the
// largest single-object views.
import type { Target, TargetResult } from './load.js';
import type { WharfServer } from './spawn-wharf.js';

const REPO = 'bench-pulls';

/** From issue 17: a pull request at a quarter of bare's req/s or better. */
export const PULL_TARGET_RATIO = 0.25;

async function call(wharf: WharfServer, method: string, path: string, status: number, body?: unknown): Promise<any> {
  const response = await fetch(`${wharf.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `token ${wharf.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`${method} ${path}: expected ${status}, got ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? null : JSON.parse(text);
}

export async function pullTarget(wharf: WharfServer, login: string): Promise<Target> {
  const repo = `/repos/${login}/${REPO}`;
  await call(wharf, 'POST', '/user/repos', 201, { name: REPO, auto_init: true });
  const main = await call(wharf, 'GET', `${repo}/git/ref/heads/main`, 200);
  await call(wharf, 'POST', `${repo}/git/refs`, 201, { ref: 'refs/heads/feature', sha: main.object.sha });
  await call(wharf, 'PUT', `${repo}/contents/feature.txt`, 201, {
    message: 'Add the feature',
    content: Buffer.from('feature\n').toString('base64'),
    branch: 'feature',
  });
  const pull = await call(wharf, 'POST', `${repo}/pulls`, 201, {
    title: 'Bench feature',
    body: 'A pull request to read.',
    head: 'feature',
    base: 'main',
  });
  const path = `${repo}/pulls/${pull.number}`;
  const check = await fetch(`${wharf.baseUrl}${path}`, { headers: { authorization: `token ${wharf.token}` } });
  const text = await check.text();
  if (check.status !== 200 || (JSON.parse(text) as { number: number }).number !== pull.number)
    throw new Error(`GET ${path}: ${check.status}`);
  const kb = (Buffer.byteLength(text) / 1024).toFixed(1);
  return {
    name: `wharf GET ${path} (token, ${kb} KB)`,
    url: `${wharf.baseUrl}${path}`,
    headers: { authorization: `token ${wharf.token}` },
    expectStatus: 200,
    pid: wharf.child.pid!,
  };
}

export function pullSummary(bare: TargetResult, pull: TargetResult): { ratio: number; line: string } {
  const ratio = pull.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= PULL_TARGET_RATIO ? 'MET' : 'MISSED';
  return {
    ratio,
    line: `target GET …/pulls/{n} ≥ ${PULL_TARGET_RATIO.toFixed(2)} × bare: ${met} (${ratio.toFixed(3)}, ${pull.requestsPerSecond.toFixed(1)} req/s)`,
  };
}
