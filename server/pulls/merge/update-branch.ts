// Updating a pull request's head branch with its base (pulls/update-branch):
// a merge commit of the base into the head, written to the head branch by
// compare-and-swap through changeRefs, so `push` and `synchronize` fire.
// GitHub answers 422 with a message for each refusal.
import type { Principal } from '../../auth/principal.js';
import { ApiError, notFound, requiresAuthentication } from '../../http/api-error.js';
import { authorIdentity, serviceIdentity } from '../../repos/commit-identity.js';
import { isAncestor } from '../../repos/git-commits.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import type { Services } from '../../services.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { pullByNumber } from '../pull-rows.js';
import { mergeCommit } from './merge-git.js';

const refused = (message: string) => new ApiError(422, message);
const STALE = "expected head sha didn't match current head ref.";

const contains = (services: Services, repositoryId: number, tip: string, commit: string) => isAncestor(services.git, repositoryId, commit, tip);

/** Merges the base into the head of pull request `number`; returns the head's new commit. The caller has checked push access. */
export async function updatePullBranch(services: Services, principal: Principal, repo: RepositoryRow, number: number, expectedHeadSha?: string): Promise<string> {
  if (principal.kind !== 'token') throw requiresAuthentication();
  const { sql, git, config } = services;
  const row = await pullByNumber(sql, repo.id, number);
  if (!row) throw notFound();
  if (row.issue.state !== 'open') throw refused('Pull request is closed.');
  // Heads in other repositories (forks) are updated by the fork-pulls slice's push rules; here, this repository's branches.
  if (row.pull.head_repository_id !== repo.id) throw refused('Cannot update a pull request branch in another repository.');
  const head = row.pull.head_sha;
  if (expectedHeadSha !== undefined && expectedHeadSha !== head) throw refused(STALE);
  const base = await git.resolveRef(repo.id, `refs/heads/${row.pull.base_ref}`);
  if (base === null) throw notFound();
  if (await contains(services, repo.id, head, base)) throw refused('There are no new commits on the base branch.');
  const account = await services.accounts.byId(principal.user.id);
  const sha = await mergeCommit(git, repo.id, head, base, `Merge branch '${row.pull.base_ref}' into ${row.pull.head_ref}\n`, {
    author: authorIdentity(account ?? { id: principal.user.id, login: principal.user.login, name: null, email: null }, config.noreplyHost),
    committer: serviceIdentity(config.vendor, config.noreplyHost),
  });
  if (sha === null) throw refused('merge conflict between base and head');
  const moved = await changeRefs(services, repo, principal, () => git.updateRef(repo.id, `refs/heads/${row.pull.head_ref}`, sha, head));
  if (!moved) throw refused(STALE);
  return sha;
}
