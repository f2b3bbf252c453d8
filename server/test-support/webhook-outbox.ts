// Tests that run without a dispatcher (WHARF_WEBHOOK_DISPATCH=off) read the
// webhook outbox itself: what a change wrote, in the order it wrote it, with
// every payload checked against GitHub's published schema for its event and
// action, so each test states only what its change must have emitted.
import { expect } from 'vitest';
import { githubWebhookErrors } from './github-webhook-schema.js';
import type { TestServer, TestUser } from './test-server.js';

export interface QueuedEvent {
  hook_id: number;
  repository_id: number;
  event: string;
  action: string | null;
  payload: any;
}

/** Which jobs a reader sees (pings never: they are not a change's). */
export interface OutboxScope {
  repositoryIds?: number[];
  events?: string[];
}

/** A reader whose every call returns the jobs written since its last call. */
export function outboxReader(server: TestServer, scope: OutboxScope = {}): () => Promise<QueuedEvent[]> {
  const { sql } = server;
  let lastId = 0;
  return async () => {
    const rows = await sql<(Omit<QueuedEvent, 'payload'> & { id: number; payload: string })[]>`
      SELECT id, hook_id, repository_id, event, action, payload FROM webhook_jobs
      WHERE id > ${lastId} AND event <> 'ping'
        ${scope.repositoryIds ? sql`AND repository_id = ANY(${scope.repositoryIds})` : sql``}
        ${scope.events ? sql`AND event = ANY(${scope.events})` : sql``}
      ORDER BY id`;
    lastId = Math.max(lastId, ...rows.map((row) => row.id));
    return rows.map(({ id: _id, payload: text, ...job }) => {
      const payload = JSON.parse(text);
      expect(githubWebhookErrors(job.event, job.action, payload), `${job.event}.${job.action}`).toBe('');
      // Events without actions (push, delete) have none in the payload either.
      expect(payload.action ?? null, `${job.event}.${job.action}`).toBe(job.action);
      return { ...job, payload };
    });
  };
}

/** A new repository of `owner` with a hook for `events` (the jobs stay in the outbox: no dispatcher); its id. */
export async function hookedRepository(
  server: TestServer,
  owner: TestUser,
  name: string,
  events: string[],
): Promise<number> {
  expect((await server.api('/user/repos', { method: 'POST', token: owner.token, body: { name } })).status).toBe(201);
  const hook = await server.api(`/repos/${owner.login}/${name}/hooks`, {
    method: 'POST',
    token: owner.token,
    body: { config: { url: 'https://example.com/hook' }, events },
  });
  expect(hook.status).toBe(201);
  return (await server.services.repos.find(owner.login, name))!.id;
}

/** `event.action` of each (`event` alone for events without actions: push, delete), the shape tests compare orders in. */
export const actions = (events: { event: string; action: string | null }[]) =>
  events.map((e) => (e.action ? `${e.event}.${e.action}` : e.event));
