// Releases in GraphQL, as GitHub has them: `Repository.releases` (newest
// first unless `orderBy` says otherwise; what `gh release list` asks for),
// `Repository.release(tagName:)`, `Repository.latestRelease`, and Release
// nodes (RL_ ids) through node(id). Drafts are seen only by callers who may
// write to the repository, as REST shows them (release-visibility.ts); a
// draft is never found by its tag, as in REST.
import { isoSeconds, isoSecondsOrNull } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { releaseHtmlPath } from '../../releases/release-view.js';
import { seesDrafts } from '../../access/release-visibility.js';
import { findReleaseByTag, listReleases, type ReleaseRow } from '../../releases/releases-store.js';
import { descriptionHTML } from '../core/body-text.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { ReleaseOrder, ReleaseResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';
import { releaseModel, type ReleaseModel } from './release-models.js';

/** Whether the caller sees the repository's drafts (write access; for an installation, its grant). */
export async function viewerSeesDrafts(ctx: GraphqlContext, repo: RepositoryRow): Promise<boolean> {
  return seesDrafts(await ctx.access.permissionOn(repo));
}

/** GitHub's orders: by creation (ties by id) or by name (a release without one sorts by its tag). */
function ordered(rows: ReleaseRow[], order: ReleaseOrder | null | undefined): ReleaseRow[] {
  const field = order?.field ?? 'CREATED_AT';
  const sign = (order?.direction ?? 'DESC') === 'DESC' ? -1 : 1;
  const key = (row: ReleaseRow) => (field === 'NAME' ? (row.name ?? row.tag_name) : row.created_at.toISOString());
  return [...rows].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
}

/** The Release behind an RL_ id, or null (unknown, a draft the caller may not see, or its repository invisible). */
export async function loadRelease(ctx: GraphqlContext, id: number): Promise<ReleaseModel | null> {
  const release = await ctx.loaders.releaseById.load(id);
  const repo = release === null ? null : await ctx.loaders.repositoryById.load(release.repository_id);
  if (release === null || repo === null || !(await ctx.access.seesRepository(repo))) return null;
  if (release.draft && !(await viewerSeesDrafts(ctx, repo))) return null;
  return releaseModel(release, repo);
}

export const repositoryReleaseFields: Pick<RepositoryResolvers, 'releases' | 'release' | 'latestRelease'> = {
  releases: async (repo, { orderBy, ...page }, ctx) => {
    // Every release of the repository, ordered here: a repository's releases are a short list.
    const { rows } = await listReleases(ctx.services.sql, repo.id, await viewerSeesDrafts(ctx, repo), 10_000, 0);
    return listConnection(
      ordered(rows, orderBy).map((row) => releaseModel(row, repo)),
      page,
      'releases',
    );
  },
  release: async (repo, { tagName }, ctx) => {
    const row = await findReleaseByTag(ctx.services.sql, repo.id, tagName);
    return row === null ? null : releaseModel(row, repo);
  },
  latestRelease: async (repo, _args, ctx) => {
    const row = await ctx.loaders.latestReleaseOf.load(repo.id);
    return row === null ? null : releaseModel(row, repo);
  },
};

export const Release: ReleaseResolvers = {
  id: (release) => encodeNodeId('Release', release.id),
  databaseId: (release) => release.id,
  author: (release, _args, ctx) =>
    release.author_id === null ? null : ctx.loaders.accountById.load(release.author_id),
  createdAt: (release) => isoSeconds(release.created_at),
  updatedAt: (release) => isoSeconds(release.updated_at),
  publishedAt: (release) => isoSecondsOrNull(release.published_at),
  description: (release) => release.body,
  descriptionHTML,
  name: (release) => release.name,
  tagName: (release) => release.tag_name,
  isDraft: (release) => release.draft,
  isPrerelease: (release) => release.prerelease,
  isLatest: async (release, _args, ctx) =>
    (await ctx.loaders.latestReleaseOf.load(release.repository_id))?.id === release.id,
  repository: (release) => release.repo,
  resourcePath: (release) => releaseHtmlPath(release, release.repo),
  url: (release, _args, ctx) => ctx.services.urls.html(releaseHtmlPath(release, release.repo)),
};
