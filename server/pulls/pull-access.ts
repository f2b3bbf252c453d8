// The repositories a pull request's bodies show (base and head: the head is
// a fork's repository for pull requests from forks, which the caller may not
// be able to see). The REST edge's check of the repository an operation
// names is http/repository-access.ts's routeRepository.
import { principalPermissions } from '../access/repository-permission.js';
import { ownPermissions } from '../access/user-permission.js';
import type { Principal } from '../auth/principal.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import type { RepositoryLookup } from './pull-view.js';

/** A lookup of `repo` and the other repositories `ids` name. */
export async function repositoryLookup(
  services: Services,
  repo: RepositoryRow,
  ids: Iterable<number | null>,
): Promise<RepositoryLookup> {
  const others = [...new Set(ids)].filter((id): id is number => id !== null && id !== repo.id);
  const found = others.length > 0 ? await services.repos.byIds(others) : new Map<number, RepositoryRow>();
  return (id) => (id === repo.id ? repo : id === null ? null : (found.get(id) ?? null));
}

/**
 * `repos` as the caller may see them: a repository other than `repo` that
 * the caller cannot read (someone's private fork, the head of a pull
 * request) is null, as GraphQL's headRepository is, by the rule
 * accessRepository applies to a read. Bodies go to the caller; webhook
 * payloads (to the base repository's hooks) keep the full lookup. Public
 * repositories need no query; the private ones of a page, one.
 */
export async function seenBy(
  services: Services,
  principal: Principal,
  repo: RepositoryRow,
  repos: RepositoryLookup,
  ids: Iterable<number | null>,
): Promise<RepositoryLookup> {
  const hidden = [...new Set(ids)]
    .map((id) => (id === repo.id ? null : repos(id)))
    .filter((row): row is RepositoryRow => row?.private === true);
  if (hidden.length === 0) return repos;
  const readable = await readablePrivate(services, principal, hidden);
  return (id) => {
    const row = repos(id);
    return row && (!row.private || row.id === repo.id || readable.has(row.id)) ? row : null;
  };
}

async function readablePrivate(services: Services, principal: Principal, rows: RepositoryRow[]): Promise<Set<number>> {
  const permissions = await principalPermissions(principal, rows, (asked, user) =>
    ownPermissions(services.repos, asked, user),
  );
  return new Set(rows.filter((_, i) => permissions[i] !== null).map((row) => row.id));
}

/** repositoryLookup as the caller may see it (seenBy): for the bodies of reads. */
export async function visibleRepositoryLookup(
  services: Services,
  principal: Principal,
  repo: RepositoryRow,
  ids: Iterable<number | null>,
): Promise<RepositoryLookup> {
  const list = [...ids];
  return seenBy(services, principal, repo, await repositoryLookup(services, repo, list), list);
}
