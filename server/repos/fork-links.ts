// `parent` and `source` of a fork's `full-repository` body: GitHub's
// `repository` objects of the repository it was forked from and of the root
// of its network, with the caller's permissions on each. They are added
// outside the fork's cached view, so a change to the parent (a rename, a new
// fork) shows at once without the fork's own cache entry knowing of it.
import { ownPermission } from '../access/user-permission.js';
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';
import type { RepositoryRow } from './repository-row.js';
import { repositoryView } from './repository-view.js';

export async function forkLinks(services: Services, repo: RepositoryRow, principal: Principal) {
  if (repo.parent_id === null && repo.source_id === null) return {};
  const { repos, urls } = services;
  const user = principal.kind === 'token' ? principal.user : null;
  const rows = await repos.byIds([repo.parent_id, repo.source_id].filter((id): id is number => id !== null));
  const view = async (id: number | null) => {
    const row = id === null ? undefined : rows.get(id);
    return row ? repositoryView(row, await ownPermission(repos, row, user), urls) : undefined;
  };
  const [parent, source] = await Promise.all([view(repo.parent_id), view(repo.source_id)]);
  return { ...(parent ? { parent } : {}), ...(source ? { source } : {}) };
}
