import type { Handler } from '../../http/operation-context.js';
import { accessHook } from './hook-access.js';
import { enqueue } from '../outbox.js';
import { installationOf } from '../payloads/common.js';
import { pingPayload } from '../ping-payload.js';

// Always queues a ping, whatever the hook's events (and even when inactive:
// it is an explicit request to test the hook).
export const pingRepositoryHook: Handler<'hooks/ping'> = async (ctx) => {
  const { repo, hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  const { sql, urls } = ctx.services;
  await sql.begin((tx) =>
    enqueue(tx, [
      {
        hookId: hook.id,
        repositoryId: repo.id,
        installationId: installationOf(ctx.principal)?.id ?? null,
        event: 'ping',
        action: null,
        payload: pingPayload(hook, repo, ctx.principal, urls),
      },
    ]),
  );
  return { status: 204, body: undefined };
};
