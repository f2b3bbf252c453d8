// `viewerDefaultCommitEmail` and `viewerPossibleCommitEmails`: the address
// Wharf writes as the author of the viewer's web commits (the contents API's
// default, repos/commit-identity.ts) and the addresses GET /user/emails lists
// (emails/email-view.ts). Null for an anonymous caller and for an app acting
// as an installation (GitHub answers null for bots).
import { emailsOf } from '../../emails/email-view.js';
import { authorIdentity } from '../../repos/commit-identity.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import type { GraphqlContext } from '../core/context.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';

async function viewerAccount(ctx: GraphqlContext): Promise<AccountRow | null> {
  if (ctx.access.asInstallation || ctx.access.viewerId === null) return null;
  const account = await ctx.loaders.accountById.load(ctx.access.viewerId);
  return account?.kind === 'User' ? account : null;
}

export const viewerCommitEmailFields: Pick<
  RepositoryResolvers,
  'viewerDefaultCommitEmail' | 'viewerPossibleCommitEmails'
> = {
  viewerDefaultCommitEmail: async (_repo, _args, ctx) => {
    const account = await viewerAccount(ctx);
    return account === null ? null : authorIdentity(account, ctx.services.config.noreplyHost).email;
  },
  viewerPossibleCommitEmails: async (_repo, _args, ctx) => {
    const account = await viewerAccount(ctx);
    return account === null ? null : emailsOf(account, ctx.services.urls.noreply(account)).map((view) => view.email);
  },
};
