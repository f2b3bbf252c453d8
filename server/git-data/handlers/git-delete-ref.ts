import { pushActorOf } from '../../branch-protection/push-restrictions.js';
import { refused, validationFailed } from '../../errors/domain-error.js';
import { refUpdateRefusal } from '../../branch-protection/ref-guard.js';
import type { Handler } from '../../http/operation-context.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { accessRepository } from '../../http/repository-access.js';
import { fullRefName } from '../../repos/ref-param.js';

// `ref` is the part after refs/ (heads/feature, raw or %2F-encoded). Git is
// changed with compare-and-swap against the sha just read, so a concurrent
// move makes this a 422 rather than deleting someone else's new commit; then
// the mirror and the `delete` + `push` events follow in one transaction.
export const deleteRef: Handler<'git/delete-ref'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  await ctx.input();
  const { git } = ctx.services;
  const full = fullRefName(ctx.params.ref);
  const missing = () =>
    validationFailed([{ resource: 'Reference', field: 'ref', code: 'missing', message: 'Reference does not exist' }]);
  if (!(await git.isValidRefName(full))) throw missing();
  const sha = await git.resolveRef(repo.id, full);
  const refusal =
    sha &&
    (await refUpdateRefusal(
      ctx.services,
      repo,
      permission,
      { ref: full, before: sha, after: null },
      'api',
      pushActorOf(ctx.principal),
    ));
  if (refusal) throw refused(refusal);
  if (!sha || !(await changeRefs(ctx.services, repo, ctx.principal, () => git.deleteRef(repo.id, full, sha))))
    throw missing();
  return { status: 204, body: undefined };
};
