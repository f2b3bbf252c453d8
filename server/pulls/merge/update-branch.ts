// Updating a pull request's head branch with its base (pulls/update-branch):
// a merge commit of the base into the head, written to the head branch by
// compare-and-swap through changeRefs, so `push` and `synchronize` fire.
// A head in a fork is updated in the fork, as GitHub: the base's tip is
// copied there (objects only), the merge commit is written there, and the
// fork's branch moves through changeRefs on the fork, whose push sync moves
// the pull request (`synchronize` in the base). Allowed to whoever may push
// to the head repository, and to the base's writers on a pull request from a
// fork with `maintainer_can_modify` (maintainer-grant.ts). GitHub answers
// 422 with a message for each refusal, 403 without the right to push.
import type { Principal } from '../../auth/principal.js';
import { forbidden, notFound, refused, requiresAuthentication } from '../../errors/domain-error.js';
import { authorIdentity, serviceIdentity } from '../../repos/commit-identity.js';
import { isAncestor } from '../../repos/git-commits.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { Services } from '../../services.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { canPush } from '../../access/push-permission.js';
import { copyCommit } from '../pull-fork-head.js';
import { pullByNumber, type PullRow } from '../pull-rows.js';
import { mergeCommit } from './merge-git.js';

const STALE = "expected head sha didn't match current head ref.";

export interface UpdateBranchCaller {
  principal: Principal;
  /** Whether the caller may push to the base repository (the handler checked it). */
  baseWriter: boolean;
}

/** The head's repository; 403 unless the caller may push to its branch (in its own right, or by the maintainer grant). */
async function headRepository(
  services: Services,
  caller: UpdateBranchCaller,
  repo: RepositoryRow,
  row: PullRow,
): Promise<RepositoryRow> {
  const denied = forbidden('Must have push access to Repository.');
  const headId = row.pull.head_repository_id;
  if (headId === repo.id) {
    if (!caller.baseWriter) throw denied;
    return repo;
  }
  const head = headId === null ? undefined : (await services.repos.byIds([headId])).get(headId);
  if (!head) throw refused('The head repository of this pull request is gone.');
  if (await canPush(services.repos, caller.principal, head)) return head;
  const { principal } = caller;
  const granted =
    row.pull.maintainer_can_modify &&
    head.fork &&
    caller.baseWriter &&
    principal.kind === 'token' &&
    !principal.installation;
  if (!granted) throw denied;
  return head;
}

/** Merges the base into the head of pull request `number`; returns the head's new commit. */
export async function updatePullBranch(
  services: Services,
  caller: UpdateBranchCaller,
  repo: RepositoryRow,
  number: number,
  expectedHeadSha?: string,
): Promise<string> {
  const { principal } = caller;
  if (principal.kind !== 'token') throw requiresAuthentication();
  const { sql, git, config } = services;
  const row = await pullByNumber(sql, repo.id, number);
  if (!row) throw notFound();
  const headRepo = await headRepository(services, caller, repo, row);
  if (row.issue.state !== 'open') throw refused('Pull request is closed.');
  const head = row.pull.head_sha;
  if (expectedHeadSha !== undefined && expectedHeadSha !== head) throw refused(STALE);
  const base = await git.resolveRef(repo.id, `refs/heads/${row.pull.base_ref}`);
  if (base === null) throw notFound();
  if (await isAncestor(git, repo.id, base, head)) throw refused('There are no new commits on the base branch.');
  // The merge is built where the branch lives: a fork gets the base's tip first.
  await copyCommit(git, headRepo.id, repo.id, base);
  const account = await services.accounts.byId(principal.user.id);
  const sha = await mergeCommit(
    git,
    headRepo.id,
    head,
    base,
    `Merge branch '${row.pull.base_ref}' into ${row.pull.head_ref}\n`,
    {
      author: authorIdentity(
        account ?? { id: principal.user.id, login: principal.user.login, name: null, email: null },
        config.noreplyHost,
      ),
      committer: serviceIdentity(config.vendor, config.noreplyHost),
    },
  );
  if (sha === null) throw refused('merge conflict between base and head');
  const moved = await changeRefs(services, headRepo, principal, () =>
    git.updateRef(headRepo.id, `refs/heads/${row.pull.head_ref}`, sha, head),
  );
  if (!moved) throw refused(STALE);
  return sha;
}
