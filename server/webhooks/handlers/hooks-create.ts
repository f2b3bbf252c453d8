import type { Handler } from '../../http/operation-context.js';
import { accessRepositoryHooks } from './hook-access.js';
import { createValues } from '../hook-input.js';
import { hookView } from '../hook-view.js';
import { insertHook } from '../hooks-store.js';
import { enqueue } from '../outbox.js';
import { installationOf } from '../payloads/common.js';
import { pingPayload } from '../ping-payload.js';

// The hook and its creation ping commit together. The URL is stored as given:
// it is resolved (and checked against the outbound allow-list) only when a
// delivery connects, never here.
export const createRepositoryHook: Handler<'hooks/create'> = async (ctx) => {
  const { repo, fullName } = await accessRepositoryHooks(ctx, ctx.params);
  const { body } = await ctx.input();
  const values = createValues(body);
  const { sql, urls } = ctx.services;
  const hook = await sql.begin(async (tx) => {
    const created = await insertHook(tx, repo.id, values);
    if (created.active) {
      await enqueue(tx, [
        {
          hookId: created.id,
          repositoryId: repo.id,
          installationId: installationOf(ctx.principal)?.id ?? null,
          event: 'ping',
          action: null,
          payload: pingPayload(created, repo, ctx.principal, urls),
        },
      ]);
    }
    return created;
  });
  const view = hookView(hook, fullName, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
