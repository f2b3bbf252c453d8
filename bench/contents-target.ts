// The contents target of `npm run bench` (issue 15): GET …/contents/{path} of
// a 10 KB file, written first with PUT …/contents/{path}, with the run's
// token; its req/s against the bare server of the same run, target ≥ 0.25×.
import type { Target, TargetResult } from './load.js';

export const CONTENTS_TARGET_RATIO = 0.25;
const FILE_BYTES = 10 * 1024;

/** Writes the file (the repository may be empty: the PUT makes its branch) and returns the GET to measure. */
export async function prepareContentsTarget(
  baseUrl: string,
  auth: Record<string, string>,
  repoPath: string,
  pid: number,
): Promise<Target> {
  const path = 'bench/file-10k.txt';
  const line = 'The quick brown fox jumps over the lazy dog. 0123456789\n';
  const content = line.repeat(Math.ceil(FILE_BYTES / line.length)).slice(0, FILE_BYTES);
  const put = await fetch(`${baseUrl}${repoPath}/contents/${path}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'bench file', content: Buffer.from(content).toString('base64') }),
  });
  if (put.status !== 201)
    throw new Error(`PUT ${repoPath}/contents/${path}: expected 201, got ${put.status}: ${await put.text()}`);
  const url = `${baseUrl}${repoPath}/contents/${path}`;
  const get = await fetch(url, { headers: auth });
  const body = (await get.json()) as { size?: number };
  if (get.status !== 200 || body.size !== FILE_BYTES)
    throw new Error(`GET ${repoPath}/contents/${path}: ${get.status}, size ${body.size}`);
  return { name: `wharf GET ${repoPath}/contents/${path} (10 KB, token)`, url, headers: auth, expectStatus: 200, pid };
}

export function contentsSummary(bare: TargetResult, contents: TargetResult): { ratio: number; line: string } {
  const ratio = contents.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= CONTENTS_TARGET_RATIO ? 'MET' : 'MISSED';
  return {
    ratio,
    line: `target GET contents (10 KB file) ≥ ${CONTENTS_TARGET_RATIO.toFixed(2)} × bare: ${met} (${ratio.toFixed(3)}, ${Math.round(contents.requestsPerSecond)} req/s)`,
  };
}
