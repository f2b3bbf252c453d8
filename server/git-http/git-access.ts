// Who may fetch from and push to a repository over git, with git's answers:
// anonymous callers are asked for credentials (401) wherever they may not
// read, so a private repository and a missing one look alike to them, as on
// GitHub; signed-in callers who may not read get 404 "Repository not found";
// pushing needs write permission and, for a classic token, the `repo` scope
// (`public_repo` on public repositories); an installation token needs
// `contents` (access/git-permission.ts decides). A maintainer of the base of
// a pull request from a fork with `maintainer_can_modify` may fetch the fork
// and push to that head branch only (pulls/maintainer-grant.ts): the grant
// names the refs, and the push hook refuses every other (push-hook.ts).
import { gitPermission } from '../access/git-permission.js';
import type { Permission } from '../access/permissions.js';
import { mayPush, mayRead, scopesAllowPush } from '../access/push-permission.js';
import type { Principal } from '../auth/principal.js';
import { maintainerBranches } from '../pulls/maintainer-grant.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { authenticationRequired, pushDenied, repositoryNotFound } from './git-answer.js';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

/** The repository, and for a maintainer's grant the only refs the push may update (else null: any). */
export interface GitGrant {
  repo: RepositoryRow;
  onlyRefs: string[] | null;
  /** The caller's own permission (branch protection lets admins through unless it holds them). */
  permission: Permission | null;
}

/** The branches a maintainer's grant lets the caller push to (none for installations, or without the token's scope). */
async function grantedRefs(services: Services, repo: RepositoryRow, principal: Principal): Promise<string[]> {
  if (principal.kind !== 'token' || principal.installation || !scopesAllowPush(principal, repo)) return [];
  return (await maintainerBranches(services, repo, principal.user)).map((branch) => `refs/heads/${branch}`);
}

/** What `principal` may do with `service` on the repository; throws the GitAnswer when nothing. */
export async function gitAccess(
  services: Services,
  owner: string,
  name: string,
  principal: Principal,
  service: GitService,
): Promise<GitGrant> {
  // An old name of a renamed repository still clones and pushes, as on GitHub
  // (git follows no redirect on a POST); the permission checks are the same.
  let repo = await services.repos.find(owner, name);
  if (!repo) {
    const movedTo = await services.repos.movedTo(owner, name);
    if (movedTo !== null) repo = await services.repos.byId(movedTo);
  }
  const permission = repo ? await gitPermission(services.repos, repo, principal) : null;
  const pushing = service === 'git-receive-pack';
  const anonymous = principal.kind !== 'token';
  // Looked up only when the caller's own rights fall short (the grant is rare; fetches by readers skip it).
  if (repo && !(pushing ? mayPush(permission) : mayRead(permission))) {
    const onlyRefs = await grantedRefs(services, repo, principal);
    if (onlyRefs.length > 0) return { repo, onlyRefs, permission };
  }
  if (!repo || !mayRead(permission)) throw anonymous ? authenticationRequired() : repositoryNotFound();
  if (pushing && !mayPush(permission)) {
    if (anonymous) throw authenticationRequired();
    throw pushDenied(`${repo.owner_login}/${repo.name}`, principal.user.login);
  }
  return { repo, onlyRefs: null, permission };
}
