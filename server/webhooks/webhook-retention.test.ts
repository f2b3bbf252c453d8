// History retention: entries and finished jobs older than the retention go;
// newer ones, and pending jobs whatever their age, stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { pruneWebhookHistory } from './webhook-runtime.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
});
afterAll(() => server.close());

describe('pruneWebhookHistory', () => {
  it('deletes history and finished jobs past the retention only', async () => {
    const alice = await server.createUser('alice');
    const repo = await (
      await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'r' } })
    ).json();
    const [hook] = await server.sql<
      { id: number }[]
    >`INSERT INTO hooks (repository_id, events, url) VALUES (${repo.id}, '{push}', 'https://example.com') RETURNING id`;
    const jobs = await server.sql<{ id: number; state: string }[]>`
      INSERT INTO webhook_jobs (guid, hook_id, event, payload, state, created_at)
      VALUES (gen_random_uuid(), ${hook!.id}, 'push', '{}', 'done', now() - interval '40 days'),
             (gen_random_uuid(), ${hook!.id}, 'push', '{}', 'pending', now() - interval '40 days'),
             (gen_random_uuid(), ${hook!.id}, 'push', '{}', 'done', now() - interval '1 day')
      RETURNING id, state`;
    for (const [age, job] of [
      ['40 days', jobs[0]!],
      ['1 day', jobs[2]!],
    ] as const) {
      await server.sql`INSERT INTO webhook_deliveries (job_id, hook_id, guid, event, redelivery, url, delivered_at, duration, status, status_code, request_headers, request_payload, response_headers)
        VALUES (${job.id}, ${hook!.id}, gen_random_uuid(), 'push', false, 'https://example.com', now() - ${age}::interval, 0.1, 'OK', 200, '{}', '{}', '{}')`;
    }
    expect(await pruneWebhookHistory(server.sql, 30 * 86_400_000)).toEqual({ deliveries: 1, jobs: 1 });
    const left = await server.sql`SELECT id FROM webhook_jobs WHERE hook_id = ${hook!.id} ORDER BY id`;
    expect(left.map((row) => row.id)).toEqual([jobs[1]!.id, jobs[2]!.id]);
    expect(await server.sql`SELECT 1 FROM webhook_deliveries WHERE hook_id = ${hook!.id}`).toHaveLength(1);
  });
});
