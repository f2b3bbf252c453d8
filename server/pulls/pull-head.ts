// The head of a new pull request: `branch` or `owner:branch`, and with
// `head_repo` (`owner/name`) when the owner has several repositories of the
// network (GitHub's case of two repositories of one organization). Any
// repository of the base's network may be the head (the base itself, its
// forks, its parent or source, sibling forks: one `source`), as on GitHub;
// one the caller cannot read is not there for them (422, as a missing one).
import { canSeeRepository } from '../access/repository-permission.js';
import type { Principal } from '../auth/principal.js';
import { validationFailed } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { SELECT_REPOSITORY } from '../repos/repository-row.js';
import type { Services } from '../services.js';

export interface PullHead {
  repo: RepositoryRow;
  ref: string;
}

const invalid = (field: 'head' | 'head_repo') =>
  validationFailed([{ resource: 'PullRequest', field, code: 'invalid' }]);

/** The root of a repository's fork network: its source, or itself. */
export const networkOf = (repo: RepositoryRow) => repo.source_id ?? repo.id;

/** The repository of `owner` in the base's network (the first made, when the owner has several). */
async function networkRepository(
  services: Services,
  base: RepositoryRow,
  owner: string,
): Promise<RepositoryRow | null> {
  const { sql } = services;
  const root = networkOf(base);
  const [row] = await sql<RepositoryRow[]>`${SELECT_REPOSITORY(sql)}
    WHERE lower(a.login) = lower(${owner}) AND (r.id = ${root} OR r.source_id = ${root}) ORDER BY r.id LIMIT 1`;
  return row ?? null;
}

export async function resolveHead(
  services: Services,
  principal: Principal,
  base: RepositoryRow,
  head: string,
  headRepo: string | undefined,
): Promise<PullHead> {
  const colon = head.indexOf(':');
  const owner = colon >= 0 ? head.slice(0, colon) : base.owner_login;
  const ref = colon >= 0 ? head.slice(colon + 1) : head;
  let repo: RepositoryRow | null;
  if (headRepo !== undefined) {
    const slash = headRepo.indexOf('/');
    const [repoOwner, name] = slash >= 0 ? [headRepo.slice(0, slash), headRepo.slice(slash + 1)] : [owner, headRepo];
    if (repoOwner.toLowerCase() !== owner.toLowerCase()) throw invalid('head_repo');
    repo = await services.repos.find(repoOwner, name);
    if (!repo || networkOf(repo) !== networkOf(base) || !(await canSeeRepository(principal, repo, services.repos)))
      throw invalid('head_repo');
  } else {
    repo =
      owner.toLowerCase() === base.owner_login.toLowerCase() ? base : await networkRepository(services, base, owner);
    if (!repo || !(await canSeeRepository(principal, repo, services.repos))) throw invalid('head');
  }
  return { repo, ref };
}
