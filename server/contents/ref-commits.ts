// The commit a contents request's `ref` names, remembered per repository
// row, as resolve-commit.ts remembers branch heads: every ref change (a push,
// the refs API, a commit Wharf makes) moves the repository's pushed_at, which
// replaces its cached row, so an answer never outlives the refs it was read
// from. Reading the ref file on each request (open, fstat, read, close) was
// an eighth of GET …/contents/{path}'s CPU (npm run bench:profile).
import type { GitRepositories } from '../repos/git.js';
import type { RepositoryRow } from '../repos/repository-row.js';

const commits = new WeakMap<RepositoryRow, Map<string, string>>();
/** Names remembered per row: any string may be asked, so the map is bounded. */
const MAX_NAMES_PER_REPOSITORY = 64;

/** git.commitOf(repo, name), remembered while the row is current; misses are asked again. */
export async function rememberedCommitOf(
  git: GitRepositories,
  repo: RepositoryRow,
  name: string,
): Promise<string | null> {
  let known = commits.get(repo);
  const cached = known?.get(name);
  if (cached !== undefined) return cached;
  const commit = await git.commitOf(repo.id, name);
  if (commit !== null) {
    if (!known) commits.set(repo, (known = new Map()));
    if (known.size >= MAX_NAMES_PER_REPOSITORY) known.clear();
    known.set(name, commit);
  }
  return commit;
}
