// Test fixtures for pull requests over GraphQL, made through the REST API
// only (no git CLI: faster on a busy machine): a repository with a README,
// branches made from main with the contents API, one commit per file.
import { expect } from 'vitest';
import type { TestServer } from '../test-server.js';

async function call(server: TestServer, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await server.api(path, { method, token, body });
  const json = response.status === 204 ? null : await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

/** A repository of the token's user with a README on main; its database id. */
export async function repositoryWithReadme(
  server: TestServer,
  token: string,
  owner: string,
  name: string,
  isPrivate = false,
): Promise<number> {
  await call(server, token, 'POST', '/user/repos', { name, auto_init: true, private: isPrivate });
  return (await server.services.repos.find(owner, name))!.id;
}

/**
 * Branch `branch` of `owner/name`, made from main, with one commit per file
 * (a file that exists is replaced, `null` deletes it); the head sha.
 */
export async function branchWith(
  server: TestServer,
  token: string,
  fullName: string,
  branch: string,
  files: Record<string, string | null>,
): Promise<string> {
  const main = await call(server, token, 'GET', `/repos/${fullName}/git/ref/heads/main`);
  await call(server, token, 'POST', `/repos/${fullName}/git/refs`, {
    ref: `refs/heads/${branch}`,
    sha: main.object.sha,
  });
  for (const [path, text] of Object.entries(files)) {
    const existing = await server.api(`/repos/${fullName}/contents/${path}?ref=${branch}`, { token });
    const sha = existing.status === 200 ? ((await existing.json()) as { sha: string }).sha : undefined;
    if (text === null)
      await call(server, token, 'DELETE', `/repos/${fullName}/contents/${path}`, {
        message: `delete ${path}`,
        sha,
        branch,
      });
    else
      await call(server, token, 'PUT', `/repos/${fullName}/contents/${path}`, {
        message: `write ${path}`,
        content: Buffer.from(text).toString('base64'),
        sha,
        branch,
      });
  }
  return (await call(server, token, 'GET', `/repos/${fullName}/git/ref/heads/${branch}`)).object.sha;
}

/** Opens a pull request through REST; its number. */
export async function openPullRequest(
  server: TestServer,
  token: string,
  fullName: string,
  body: Record<string, unknown>,
): Promise<number> {
  return (await call(server, token, 'POST', `/repos/${fullName}/pulls`, body)).number;
}

export const rest = call;
