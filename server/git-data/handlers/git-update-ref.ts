import { pushActorOf } from '../../branch-protection/push-restrictions.js';
import { refused } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { isForced } from '../../repos/git-commits.js';
import { objectInfo } from '../../repos/git-objects.js';
import { fullRefName } from '../../repos/ref-param.js';
import { gitRefView } from '../../repos/ref-view.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { requireCommits } from '../repository-objects.js';
import { refUpdateRefusal } from '../../branch-protection/ref-guard.js';

// GitHub answers these with a bare message (no `errors`), which clients show as is.
const unprocessable = refused;

// The ref moves by compare-and-swap against the sha read here, through
// changeRefs like a push (mirror, `push` event, in one transaction), so a
// concurrent move is refused rather than overwritten.
export const updateRef: Handler<'git/update-ref'> = async (ctx) => {
  // A maintainer's grant covers its head branch only (pulls/maintainer-grant.ts).
  const { repo, permission } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(ctx.services, ctx.principal, () => fullRefName(ctx.params.ref)),
  );
  const { body } = await ctx.input();
  const { git, urls } = ctx.services;
  const full = fullRefName(ctx.params.ref);
  const current = (await git.isValidRefName(full)) ? await git.resolveRef(repo.id, full) : null;
  if (!current) {
    await requireCommits(git, repo.id);
    throw unprocessable('Reference does not exist');
  }
  const sha = body.sha.toLowerCase();
  const info = await objectInfo(git, repo.id, sha);
  if (!info) throw unprocessable('Object does not exist');
  if (full.startsWith('refs/heads/') && info.type !== 'commit') throw unprocessable('Object is not a commit');
  if (!body.force && sha !== current && (await isForced(git, repo.id, current, sha)))
    throw unprocessable('Update is not a fast forward');
  // A protected branch refuses what its rule forbids (branch-protection/ref-guard.ts), as GitHub: 422.
  const refusal = await refUpdateRefusal(
    ctx.services,
    repo,
    permission,
    { ref: full, before: current, after: sha },
    'api',
    pushActorOf(ctx.principal),
  );
  if (refusal) throw unprocessable(refusal);
  const moved = await changeRefs(ctx.services, repo, ctx.principal, () => git.updateRef(repo.id, full, sha, current));
  if (!moved) throw unprocessable('Reference cannot be updated');
  return { status: 200, body: gitRefView(repo, full, sha, info.type, urls) };
};
