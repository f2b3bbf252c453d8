// RepositoryOwner's `repositories` and `repository(name:)` on users and
// organizations: what the caller may see of the account's repositories, as
// reading each would show it (access/account-listing-sql.ts).
import { type Affiliation, ownerRepositories } from '../../accounts/owner-repositories.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { UserRepositoriesArgs, UserRepositoryArgs } from '../generated/resolvers-types.js';
import { findRepository } from '../resolvers/repository.js';

const present = <T>(values: readonly (T | null)[] | null | undefined): T[] =>
  (values ?? []).filter((value): value is T => value !== null);

export const ownerRepositoryFields = {
  repositories: async (account: AccountRow, args: UserRepositoriesArgs, ctx: GraphqlContext) => {
    const window = twoWayWindow(args, 'repositories');
    const owners = present<Affiliation>(args.ownerAffiliations);
    const { rows, total } = await ownerRepositories(
      ctx.services.sql,
      ctx.principal,
      account.id,
      {
        ownerAffiliations: owners.length > 0 ? owners : ['OWNER', 'COLLABORATOR'],
        affiliations: present<Affiliation>(args.affiliations),
        isFork: args.isFork,
        isArchived: args.isArchived,
        hasIssuesEnabled: args.hasIssuesEnabled,
        isLocked: args.isLocked,
        visibility: args.visibility ?? args.privacy ?? null,
        order: args.orderBy ?? null,
      },
      { offset: window.offset, limit: window.first, fromEnd: window.fromEnd },
    );
    return connection(rows, total, pageAt(window, rows.length, total));
  },
  repository: async (account: AccountRow, args: UserRepositoryArgs, ctx: GraphqlContext) => {
    const repo = await findRepository(ctx.services, account.login, args.name, args.followRenames);
    return repo !== null && (await ctx.access.seesRepository(repo)) ? repo : null;
  },
};
