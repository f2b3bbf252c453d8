// How a REST route runs its operation, by owner/name or by repository id.
//
// By id (`/repositories/{id}/…`, the generated aliases of every operation
// under `/repos/{owner}/{repo}/…`): the id is resolved to the repository's
// current owner and name, and the operation's own handler runs with them, so
// every permission check is the same as by name (a private repository stays
// 404 to anonymous callers and 403 to signed-in outsiders). A rename that
// commits between the two lookups made such a request 404; it now runs again
// under the new name (a 404 is answered before anything is written, and the
// body, if it was read, is read once: body-reader.ts).
//
// By name: an operation under `/repos/{owner}/{repo}` that answers 404 may
// have been called by an old name; then it is GitHub's redirect instead
// (moved.ts). Only 404s pay for that lookup.
import type { H3Event } from 'h3';
import { routeTable } from '../generated/routes.js';
import { notFound } from '../errors/domain-error.js';
import { restStatus } from './domain-error-reply.js';
import type { Reply } from './json-response.js';
import type { Handler } from './operation-context.js';
import { decodedParams, executeOperation } from './operation-runner.js';
import type { RequestScope } from './pipeline.js';
import type { RouteTarget } from './rest-routes.js';
import type { Services } from '../services.js';
import { movedReply } from './moved-reply.js';

/** A repository id as a path segment: a plain positive integer (anything else is 404, as for repos/get-by-id). */
const REPOSITORY_ID = /^[1-9][0-9]{0,15}$/;

/** How many times a by-id request follows renames that land while it runs. */
const RENAMES_FOLLOWED = 3;

async function runById(
  target: RouteTarget,
  handler: Handler<never>,
  event: H3Event,
  services: Services,
  scope: RequestScope,
): Promise<Reply> {
  const { repository_id: id, ...rest } = decodedParams(event);
  if (id === undefined || !REPOSITORY_ID.test(id) || !Number.isSafeInteger(Number(id))) throw notFound();
  let repo = await services.repos.byId(Number(id));
  for (let renames = 0; ; renames++) {
    if (!repo) throw notFound();
    const params = { ...rest, ...target.params, owner: repo.owner_login, repo: repo.name };
    try {
      return await executeOperation(target.operationId, handler as never, event, services, scope, params);
    } catch (error) {
      // Renamed (or its owner renamed) between the lookup by id and the handler's own by name:
      // the id still names it, so run again under its new name. A 404 with the name unchanged is the answer.
      if (restStatus(error) !== 404 || renames === RENAMES_FOLLOWED) throw error;
      const now = await services.repos.byId(Number(id));
      if (now && now.owner_login === repo.owner_login && now.name === repo.name) throw error;
      repo = now;
    }
  }
}

async function runByName(
  target: RouteTarget,
  handler: Handler<never>,
  event: H3Event,
  services: Services,
  scope: RequestScope,
): Promise<Reply> {
  const decoded = target.params ? { ...decodedParams(event), ...target.params } : decodedParams(event);
  const params = target.rewrite ? await target.rewrite(decoded, services) : decoded;
  return executeOperation(target.operationId, handler as never, event, services, scope, params).catch(
    async (error: unknown) => {
      const repositoryScoped = routeTable[target.operationId].repositoryIdRoute !== null;
      if (restStatus(error) !== 404 || !repositoryScoped) throw error;
      const moved = await movedReply(
        event,
        services,
        scope.principal,
        params.owner ?? '',
        params.repo ?? '',
        scope.headers,
      );
      if (moved) return moved;
      throw error;
    },
  );
}

/** Runs the route's operation for this request (inside the pipeline). */
export function runRouteTarget(
  target: RouteTarget,
  handler: Handler<never>,
  event: H3Event,
  services: Services,
  scope: RequestScope,
): Promise<Reply> {
  return target.byRepositoryId
    ? runById(target, handler, event, services, scope)
    : runByName(target, handler, event, services, scope);
}
