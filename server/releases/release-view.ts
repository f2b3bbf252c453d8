// GitHub's `release` body (REST responses and `release` webhook payloads).
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { GHOST, simpleUser } from '../repos/user-view.js';
import { assetView, downloadTag } from './asset-view.js';
import type { AssetRow } from './assets-store.js';
import { reactionRollup } from '../views/reaction-rollup.js';
import type { ReleaseRow } from './releases-store.js';

/** A release's html_url path (REST) and resourcePath (GraphQL). A draft's tag may not exist: GitHub gives it an untagged page. */
export function releaseHtmlPath(
  r: Pick<ReleaseRow, 'id' | 'tag_name' | 'draft'>,
  repo: Pick<RepositoryRow, 'owner_login' | 'name'>,
): string {
  return `/${repo.owner_login}/${repo.name}/releases/tag/${downloadTag(r)}`;
}

/** `assets`: the release's uploaded assets, oldest first (assetsOfReleases: one query for a page of releases). */
export function releaseView(
  r: ReleaseRow,
  repo: Pick<RepositoryRow, 'owner_login' | 'name'>,
  urls: Urls,
  assets: readonly AssetRow[] = [],
) {
  const base = `/repos/${repo.owner_login}/${repo.name}`;
  const api = urls.api(`${base}/releases/${r.id}`);
  const tag = encodeURIComponent(r.tag_name);
  // GitHub serves uploads beside the API (GHES: /api/uploads), as a URI template.
  const upload = urls.html(`/api/uploads${base}/releases/${r.id}/assets`);
  // A draft's tag may not exist: GitHub gives it no archives (and an untagged page, releaseHtmlPath).
  // `author` is never null in GitHub's schema: a deleted account is GitHub's ghost user (id 10137).
  const reactions = reactionRollup(`${api}/reactions`, r.reaction_counts);
  const author =
    r.author_id === null
      ? GHOST
      : { id: r.author_id, login: r.author_login!, kind: r.author_kind!, site_admin: r.author_site_admin! };
  return {
    url: api,
    assets_url: `${api}/assets`,
    upload_url: `${upload}{?name,label}`,
    html_url: urls.html(releaseHtmlPath(r, repo)),
    id: r.id,
    author: simpleUser(author, urls),
    node_id: encodeNodeId('Release', r.id),
    tag_name: r.tag_name,
    target_commitish: r.target_commitish,
    name: r.name,
    draft: r.draft,
    prerelease: r.prerelease,
    // Wharf has no immutable releases (GitHub's opt-in lock of tags and assets).
    immutable: false,
    created_at: isoSeconds(r.created_at),
    updated_at: isoSeconds(r.updated_at),
    published_at: isoSecondsOrNull(r.published_at),
    assets: assets.map((a) => assetView(a, repo, urls)),
    tarball_url: r.draft ? null : urls.api(`${base}/tarball/${tag}`),
    zipball_url: r.draft ? null : urls.api(`${base}/zipball/${tag}`),
    body: r.body,
    // GitHub shows a release's rollup once somebody has reacted.
    ...(reactions.total_count > 0 ? { reactions } : {}),
  };
}

export type ReleaseView = ReturnType<typeof releaseView>;
