// The pull requests associated with a commit, GitHub's way (Commit's
// `associatedPullRequests`): the merged pull request whose merge or squash
// commit it is, and those whose commits (base..head) include it; once the
// commit is on the default branch, only merged ones, since it arrived through
// them. The heads are refs/pull/{n}/head in the repository, so one
// `for-each-ref --contains` finds every head and the default branch holding
// the commit; each of those few is then checked against its base.
import type { Sql } from '../db/database.js';
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { pullsByMergeCommit, pullsByNumbers, type PullIssueColumns } from './pull-batch-reads.js';

/** At most this many heads holding the commit are looked at (a commit at the root of a busy repository is in all). */
const HEADS_LIMIT = 100;

const PULL_HEAD = /^refs\/pull\/(\d+)\/head$/;

async function isAncestor(git: GitRepositories, repositoryId: number, oid: string, of: string): Promise<boolean> {
  // Exit 1 is "no"; a base git no longer has reads as no too.
  return git.git(repositoryId, ['merge-base', '--is-ancestor', oid, of]).then(
    () => true,
    () => false,
  );
}

export async function pullsOfCommit(
  sql: Sql,
  git: GitRepositories,
  repo: RepositoryRow,
  oid: string,
): Promise<PullIssueColumns[]> {
  const defaultRef = `refs/heads/${repo.default_branch}`;
  const [merged, refs] = await Promise.all([
    pullsByMergeCommit(sql, repo.id, oid),
    git.git(repo.id, ['for-each-ref', '--format=%(refname)', '--contains', oid, 'refs/pull/', defaultRef]),
  ]);
  const names = refs.split('\n').filter(Boolean);
  const onDefaultBranch = names.includes(defaultRef);
  const numbers = names.flatMap((name) => {
    const match = PULL_HEAD.exec(name);
    return match ? [Number(match[1])] : [];
  });
  const heads = await pullsByNumbers(
    sql,
    numbers.slice(0, HEADS_LIMIT).map((number) => ({ repositoryId: repo.id, number })),
  );
  const found = new Map(merged.map((pull) => [pull.id, pull]));
  for (const pull of heads.values()) {
    if (found.has(pull.id) || (onDefaultBranch && pull.merged_at === null)) continue;
    // A head holds what its base held when it branched: those commits are not the pull request's.
    if (!(await isAncestor(git, repo.id, oid, pull.base_sha))) found.set(pull.id, pull);
  }
  return [...found.values()];
}
