import { ownPermission } from '../../access/user-permission.js';
import { applyTopicsLocally, type Topic } from '../../db/cache-invalidation.js';
import { validationFailed } from '../../errors/domain-error.js';
import { setRepositoryLicense } from '../../repos/repositories-store.js';
import { publishPrivateForksBelow } from '../../repos/private-forks.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkRepositoryName, nameTaken } from '../../repos/repository-name.js';
import { fullRepositoryView } from '../../repos/repository-view.js';
import { emitRepositoryUpdated } from '../repository-update-events.js';

// Only the fields present change. A rename keeps `id`, `node_id` and the git
// directory (stored by id); only the name in URLs changes.
export const updateRepository: Handler<'repos/update'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'admin');
  const { body } = await ctx.input();
  const { repos, urls, git, refFollowers, bus } = ctx.services;
  if (body.name !== undefined && body.name !== repo.name) {
    checkRepositoryName(body.name);
    if (await repos.nameTaken(repo.owner_id, body.name, repo.id)) throw nameTaken();
  }
  // A fork shares its network's visibility (GitHub: "You cannot change the
  // visibility of a fork"): a private fork made public would show its
  // private upstream's code to everyone.
  const visibilityChanges = body.private !== undefined && body.private !== repo.private;
  if (visibilityChanges && repo.fork && repo.parent_id !== null) {
    throw validationFailed([
      {
        resource: 'Repository',
        field: 'private',
        code: 'invalid',
        message: 'For security reasons, you cannot change the visibility of a fork.',
      },
    ]);
  }
  // GitHub keeps at least one merge method allowed.
  const allowed = [
    body.allow_merge_commit ?? repo.allow_merge_commit,
    body.allow_squash_merge ?? repo.allow_squash_merge,
    body.allow_rebase_merge ?? repo.allow_rebase_merge,
  ];
  if (!allowed.includes(true)) {
    throw validationFailed([
      {
        resource: 'Repository',
        field: 'merge_commit_allowed',
        code: 'invalid',
        message: 'Sorry, you need to allow at least one merge strategy. (no_merge_method)',
      },
    ]);
  }
  // The license shown is the default branch's: another default branch may hold another LICENSE file
  // (detected as the ref-change path detects it, services.ts's refFollowers.license).
  const newDefault = body.default_branch !== undefined && body.default_branch !== repo.default_branch;
  const head = newDefault ? await git.commitOf(repo.id, body.default_branch!) : undefined;
  const license =
    head === undefined ? undefined : head === null ? null : await refFollowers.license(git, repo.id, head);
  const forkTopics: Topic[] = [];
  try {
    await repos.update(
      repo.id,
      {
        name: body.name,
        description: body.description,
        homepage: body.homepage,
        private: body.private,
        default_branch: body.default_branch,
        has_issues: body.has_issues,
        has_projects: body.has_projects,
        has_wiki: body.has_wiki,
        archived: body.archived,
        allow_merge_commit: body.allow_merge_commit,
        allow_squash_merge: body.allow_squash_merge,
        allow_rebase_merge: body.allow_rebase_merge,
        delete_branch_on_merge: body.delete_branch_on_merge,
        allow_auto_merge: body.allow_auto_merge,
      },
      async (tx) => {
        // Private forks inherit a parent's grants while it is private: their cached permissions change with its visibility.
        if (visibilityChanges) forkTopics.push(...(await publishPrivateForksBelow(tx, repo.id)));
        if (license !== undefined) await setRepositoryLicense(tx, repo.id, license);
        // `repository` renamed, edited, privatized/publicized, archived/unarchived, committed with the change.
        await emitRepositoryUpdated(tx, repo, ctx.principal, urls);
      },
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameTaken();
    throw error;
  }
  applyTopicsLocally(bus, forkTopics);
  const updated = (await repos.byId(repo.id))!;
  return { status: 200, body: fullRepositoryView(updated, await ownPermission(repos, updated, ctx.user().user), urls) };
};
