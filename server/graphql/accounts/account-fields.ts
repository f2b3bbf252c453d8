// What users, organizations and apps' bot accounts answer alike (Actor and
// RepositoryOwner's fields, the account row's timestamps), as REST's account
// bodies do (repos/user-view.ts): the same avatar, the same pages.
import type { AccountRow } from '../../repos/accounts-store.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GraphqlContext } from '../core/context.js';

/** A bot's page is its app's (`<slug>[bot]` → /apps/<slug>), as in REST's html_url. */
export const accountPath = (account: AccountRow) =>
  account.kind === 'Bot' ? `/apps/${account.login.replace(/\[bot\]$/, '')}` : `/${account.login}`;

export const accountFields = {
  id: (account: AccountRow) => encodeNodeId(account.kind, account.id),
  databaseId: (account: AccountRow) => account.id,
  login: (account: AccountRow) => account.login,
  url: (account: AccountRow, _args: unknown, ctx: GraphqlContext) => ctx.services.urls.html(accountPath(account)),
  resourcePath: (account: AccountRow) => accountPath(account),
  // REST's avatar_url; GitHub's avatar service takes the size in pixels as `s`.
  avatarUrl: (account: AccountRow, args: { size?: number | null }, ctx: GraphqlContext) => {
    const url = ctx.services.urls.html(`/avatars/u/${account.id}`);
    return args.size ? `${url}?s=${args.size}` : url;
  },
  createdAt: (account: AccountRow) => isoSeconds(account.created_at),
  updatedAt: (account: AccountRow) => isoSeconds(account.updated_at),
};

/** Whether the caller is this account's own user (an app acting as an installation is nobody's viewer). */
export const isViewer = (account: AccountRow, ctx: GraphqlContext) =>
  !ctx.access.asInstallation && ctx.access.viewerId === account.id;
