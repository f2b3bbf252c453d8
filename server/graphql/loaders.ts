// Per-request loaders (DataLoader): a resolver asks for one object, and every
// request for the same kind made in the same tick becomes one statement.
// `nodes(ids:)` with 100 ids, or 100 repositories each asking for its owner,
// then costs one query per kind instead of one per object.
//
// They live in the GraphQL context, one set per request, never shared: what
// they remember is what this caller may see now, and it is dropped with the
// request, so a revocation or a permission change is never served stale to
// the next call (the REST caches, which outlive requests, are kept coherent by
// the invalidation bus instead).
//
// A resolver uses a loader instead of the store's single-row read:
//   owner: (repo, _args, ctx) => ctx.loaders.accountById.load(repo.owner_id)
// A new kind adds a loader here whose batch function reads all keys in one
// statement (`WHERE id = ANY(…)`) and answers in the order of the keys.
import DataLoader from 'dataloader';
import type { Principal } from '../auth/principal.js';
import type { AccountRow } from '../repos/accounts-store.js';
import type { Permission } from '../access/permissions.js';
import { userPermissionsPeeked } from '../access/user-permission.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { createCheckLoaders, type CheckLoaders } from './checks/check-loaders.js';
import { createGitLoaders, type GitLoaders } from './git/git-loaders.js';
import { createIssueLoaders, type IssueLoaders } from './issues/issue-loaders.js';
import { createLabelMilestoneLoaders, type LabelMilestoneLoaders } from './resolvers/label-milestone-loaders.js';
import { createPullLoaders, type PullLoaders } from './pulls/pull-loaders.js';
import { createReactionLoaders, type ReactionLoaders } from './reactions/reaction-loaders.js';
import { createReviewLoaders, type ReviewLoaders } from './reviews/review-loaders.js';
import { createReleaseLoaders, type ReleaseLoaders } from './releases/release-loaders.js';
import { createAccountLoaders, type AccountLoaders } from './accounts/account-loaders.js';
import { createAuthoredLoaders, type AuthoredLoaders } from './accounts/authored-loaders.js';
import { createRenderedBodyLoader, type RenderedBodyLoader } from './core/body-text.js';
import { createGistLoaders, type GistLoaders } from './gists/gist-loaders.js';

export interface Loaders
  extends LabelMilestoneLoaders,
    IssueLoaders,
    ReactionLoaders,
    PullLoaders,
    ReviewLoaders,
    CheckLoaders,
    ReleaseLoaders,
    AccountLoaders,
    AuthoredLoaders,
    GistLoaders {
  /** Users and organizations (one table, one id space); null when there is none. */
  accountById: DataLoader<number, AccountRow | null>;
  /** Repositories with their owner's login and kind; null when there is none. */
  repositoryById: DataLoader<number, RepositoryRow | null>;
  /**
   * The user's own permission on a repository, as RepositoryStore.permissionOf
   * answers it (public read and site-admin rights included), keyed by the row.
   */
  userPermission: DataLoader<RepositoryRow, Permission | null, number>;
  /** The user whose email address an address is (lower case; commit authors' `user`); null for none. */
  userByEmail: DataLoader<string, AccountRow | null>;
  /** Git objects and refs, one `cat-file`/`for-each-ref` process per repository and kind (git/git-loaders.ts). */
  git: GitLoaders;
  /** Markdown bodies rendered (bodyHTML, bodyText), the answer's in one batch (core/body-text.ts). */
  renderedBodies: RenderedBodyLoader;
}

/** Answers in key order, as DataLoader requires. */
function inOrder<K, V>(keys: readonly K[], found: Map<K, V>): (V | null)[] {
  return keys.map((key) => found.get(key) ?? null);
}

export function createLoaders(services: Services, principal: Principal): Loaders {
  const user = principal.kind === 'token' ? principal.user : null;
  return {
    ...createLabelMilestoneLoaders(services.sql),
    ...createIssueLoaders(services.sql),
    ...createPullLoaders(services.sql, services.git),
    ...createReactionLoaders(services.sql, user?.id ?? null),
    ...createReviewLoaders(services.sql, user?.id ?? null),
    ...createCheckLoaders(services.sql),
    ...createReleaseLoaders(services.sql),
    ...createAccountLoaders(services.sql, principal),
    ...createAuthoredLoaders(services.sql, principal),
    ...createGistLoaders(services.sql, user && principal.kind === 'token' && !principal.installation ? user.id : null),
    accountById: new DataLoader(async (ids) => inOrder(ids, await services.accounts.byIds(ids))),
    repositoryById: new DataLoader(async (ids) => inOrder(ids, await services.repos.byIds(ids))),
    userByEmail: new DataLoader(async (emails) => inOrder(emails, await services.accounts.usersByEmails(emails))),
    git: createGitLoaders(services.git),
    renderedBodies: createRenderedBodyLoader(services, principal),
    userPermission: new DataLoader((repos) => userPermissionsPeeked(services.repos, services.sql, repos, user), {
      cacheKeyFn: (repo) => repo.id,
    }),
  };
}
