import { pushActorOf } from '../../branch-protection/push-restrictions.js';
import { conflict, validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { gitRefView } from '../../repos/ref-view.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { refUpdateRefusal } from '../../branch-protection/ref-guard.js';
import { refused } from '../../errors/domain-error.js';

// Git is the source of truth: the ref is created with compare-and-swap against
// the null sha, so of two racing creations exactly one wins and the other is 409.
// Then the ref mirror and the `create` + `push` events follow in one transaction
// (ref-change-events.ts records the change before git is touched).
export const createRef: Handler<'git/create-ref'> = async (ctx) => {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { git, urls } = ctx.services;
  const invalidRef = () =>
    validationFailed([
      {
        resource: 'Reference',
        field: 'ref',
        code: 'invalid',
        message: "Reference name must start with 'refs/', have at least two slashes and be a valid git ref name",
      },
    ]);
  if (!/^refs\/[^/]+\/.+/.test(body.ref) || !(await git.isValidRefName(body.ref))) throw invalidRef();
  const objectType = await git.objectType(repo.id, body.sha);
  if (!objectType) {
    throw validationFailed([
      { resource: 'Reference', field: 'sha', code: 'invalid', message: 'Object does not exist' },
    ]);
  }
  if (await git.resolveRef(repo.id, body.ref)) throw conflict('Reference already exists');
  const update = { ref: body.ref, before: null, after: body.sha };
  const refusal = await refUpdateRefusal(ctx.services, repo, permission, update, 'api', pushActorOf(ctx.principal));
  if (refusal) throw refused(refusal);
  const created = await changeRefs(ctx.services, repo, ctx.principal, () => git.createRef(repo.id, body.ref, body.sha));
  if (!created) throw conflict('Reference already exists');
  const view = gitRefView(repo, body.ref, body.sha, objectType, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
