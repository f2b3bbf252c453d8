// Query.resource(url:): the object behind a Wharf web URL, when the caller may
// see it, as GitHub resolves its own: an account (`/login`), a repository
// (`/owner/name`), an issue, a pull request, a milestone, a release
// (`/owner/name/releases/tag/v1`). Anything else, another host's URL or an
// object the caller may not see is null, as on GitHub. Each object is found
// through the same loaders and visibility checks as the fields that reach it.
import { canMatchText } from '../../db/text-values.js';
import { findReleaseByTag } from '../../releases/releases-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import type { QueryResolvers, ResolversTypes } from '../generated/resolvers-types.js';
import { releaseModel } from '../releases/release-models.js';
import { findRepository } from '../resolvers/repository.js';

type Found = ResolversTypes['UniformResourceLocatable'] | null;

/** The path of `url` when it is on this server's web origin (the root or under its base path); null otherwise. */
function localPath(ctx: GraphqlContext, url: string): string[] | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(ctx.services.urls.html('/'));
  } catch {
    return null;
  }
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.pathname)) return null;
  try {
    return parsed.pathname
      .slice(base.pathname.length)
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  } catch {
    return null; // a malformed escape names nothing
  }
}

const positive = (text: string | undefined) =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;

async function inRepository(ctx: GraphqlContext, repo: RepositoryRow, rest: string[]): Promise<Found> {
  const [kind, ...more] = rest;
  if (kind === undefined) return repo;
  const number = more.length === 1 ? positive(more[0]) : null;
  if ((kind === 'issues' || kind === 'pull') && number !== null) {
    // GitHub redirects an issue's URL to its pull request and back: either path finds either.
    const key = { repositoryId: repo.id, number };
    return (await ctx.loaders.issueByNumber.load(key)) ?? (await ctx.loaders.pullByNumber.load(key));
  }
  if (kind === 'milestone' && number !== null)
    return ctx.loaders.milestoneByNumber.load({ repositoryId: repo.id, number });
  if (kind === 'releases' && more[0] === 'tag' && more.length === 2) {
    // A draft has no public tag page: it is found by neither.
    const row = await findReleaseByTag(ctx.services.sql, repo.id, more[1]!);
    return row === null ? null : releaseModel(row, repo);
  }
  return null;
}

export const resourceQuery: NonNullable<QueryResolvers['resource']> = async (_parent, { url }, ctx) => {
  const path = localPath(ctx, url);
  if (path === null || path.length === 0 || !path.every(canMatchText)) return null;
  const [owner, name, ...rest] = path as [string, ...string[]];
  if (name === undefined) {
    const account = await ctx.services.accounts.byLogin(owner);
    return account !== null && account.kind !== 'Bot' ? account : null;
  }
  const repo = await findRepository(ctx.services, owner, name, true);
  if (repo === null || !(await ctx.access.seesRepository(repo))) return null;
  return inRepository(ctx, repo, rest);
};
