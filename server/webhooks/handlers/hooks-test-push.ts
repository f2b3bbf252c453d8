import type { Handler } from '../../http/operation-context.js';
import { commitInfo, isCommit } from '../../repos/git-commits.js';
import { actorOf, ownerActor } from '../event-actor.js';
import { accessHook } from './hook-access.js';
import { enqueue } from '../outbox.js';
import { pushPayload } from '../payloads/ref-events.js';

// GitHub's "test the push webhook": a `push` to this hook only, built as if
// the default branch had just been pushed at its head (before the null sha,
// the head as the one commit). Nothing is sent, and it is still a 204, when
// the hook is inactive or does not subscribe to push (or `*`), or there is no
// head to show. Unlike a ping it is an event: the dispatcher sends events only
// to active hooks (it drops them for inactive ones), so none is queued there.
export const testPushRepositoryHook: Handler<'hooks/test-push'> = async (ctx) => {
  const { repo, hook } = await accessHook(ctx, ctx.params);
  ctx.checkScopes();
  if (!hook.active || (!hook.events.includes('push') && !hook.events.includes('*')))
    return { status: 204, body: undefined };
  const { sql, git, urls } = ctx.services;
  const ref = `refs/heads/${repo.default_branch}`;
  const head = await git.resolveRef(repo.id, ref);
  if (!head || !(await isCommit(git, repo.id, head))) return { status: 204, body: undefined };
  const commit = await commitInfo(git, repo.id, head);
  const actor = (await actorOf(sql, ctx.principal, urls)) ?? (await ownerActor(sql, repo, urls));
  const payload = pushPayload(
    {
      ref,
      before: null,
      after: head,
      forced: false,
      commits: [commit],
      headCommit: commit,
      distinct: new Set([commit.id]),
      baseRef: null,
    },
    repo,
    actor,
    urls,
  );
  await sql.begin((tx) =>
    enqueue(tx, [
      {
        hookId: hook.id,
        repositoryId: repo.id,
        installationId: actor.installation?.id ?? null,
        event: 'push',
        action: null,
        payload,
      },
    ]),
  );
  return { status: 204, body: undefined };
};
