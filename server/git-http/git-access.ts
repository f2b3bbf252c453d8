// Who may fetch from and push to a repository over git, with git's answers:
// anonymous callers are asked for credentials (401) wherever they may not
// read, so a private repository and a missing one look alike to them, as on
// GitHub; signed-in callers who may not read get 404 "Repository not found";
// pushing needs write permission and, for a classic token, the `repo` scope
// (`public_repo` on public repositories); for an installation token,
// `contents: write` on one of its repositories.
import { installationPermission } from '../apps/installation-access.js';
import type { Principal } from '../auth/principal.js';
import { hasAnyScope } from '../http/scopes.js';
import { atLeast, type Permission } from '../repos/permissions.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import type { Services } from '../services.js';
import { authenticationRequired, pushDenied, repositoryNotFound } from './git-answer.js';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

async function permissionOf(services: Services, repo: RepositoryRow, principal: Principal): Promise<Permission | null> {
  if (principal.kind !== 'token') return repo.private ? null : 'read';
  if (principal.installation) return installationPermission(principal.installation, repo);
  const permission = await services.repos.permissionOf(repo, principal.user);
  // A classic token without `repo` sees private repositories as if it had no rights, and writes nowhere without (public_)repo.
  if (!hasAnyScope(principal.scopes, ['repo'])) {
    if (repo.private) return null;
    return hasAnyScope(principal.scopes, ['public_repo']) ? permission : 'read';
  }
  return permission;
}

/** The repository when `principal` may use `service` on it; throws the GitAnswer otherwise. */
export async function gitAccess(services: Services, owner: string, name: string, principal: Principal, service: GitService): Promise<RepositoryRow> {
  // An old name of a renamed repository still clones and pushes, as on GitHub
  // (git follows no redirect on a POST); the permission checks are the same.
  let repo = await services.repos.find(owner, name);
  if (!repo) {
    const movedTo = await services.repos.movedTo(owner, name);
    if (movedTo !== null) repo = await services.repos.byId(movedTo);
  }
  const permission = repo ? await permissionOf(services, repo, principal) : null;
  const anonymous = principal.kind !== 'token';
  if (!repo || !atLeast(permission, 'read')) throw anonymous ? authenticationRequired() : repositoryNotFound();
  if (service === 'git-receive-pack' && !atLeast(permission, 'write')) {
    if (anonymous) throw authenticationRequired();
    throw pushDenied(`${repo.owner_login}/${repo.name}`, principal.user.login);
  }
  return repo;
}
