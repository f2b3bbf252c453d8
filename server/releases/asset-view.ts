// GitHub's `release-asset` body. `browser_download_url` is the web form
// (`/{owner}/{repo}/releases/download/{tag}/{name}`, web/release-download.ts);
// a draft's tag may not exist, so its assets are under `untagged-<release id>`,
// as its html_url is.
import type { components } from '../generated/openapi.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import { simpleUser } from '../repos/user-view.js';
import type { AssetRow } from './assets-store.js';

type RepoNames = { owner_login: string; name: string };

/** The path segment that names a release in download URLs (and in its html_url, release-view.ts). */
export function downloadTag(release: { id: number; tag_name: string; draft: boolean }): string {
  return release.draft ? `untagged-${release.id}` : encodeURIComponent(release.tag_name);
}

/** An asset's `browser_download_url` path, REST's and GraphQL's `downloadUrl`. */
export function assetDownloadPath(a: AssetRow, repo: RepoNames): string {
  const tag = downloadTag({ id: a.release_id, tag_name: a.tag_name, draft: a.draft });
  return `/${repo.owner_login}/${repo.name}/releases/download/${tag}/${encodeURIComponent(a.name)}`;
}

export function assetView(a: AssetRow, repo: RepoNames, urls: Urls): components['schemas']['release-asset'] {
  return {
    url: urls.api(`/repos/${repo.owner_login}/${repo.name}/releases/assets/${a.id}`),
    browser_download_url: urls.html(assetDownloadPath(a, repo)),
    id: a.id,
    node_id: encodeNodeId('ReleaseAsset', a.id),
    name: a.name,
    label: a.label,
    // `starter` is GitHub's word for an upload in progress; its API calls it `open`.
    state: a.state === 'uploaded' ? 'uploaded' : 'open',
    content_type: a.content_type,
    size: a.size,
    // GitHub's `sha256:<hex>`, hashed as the upload streamed in (upload-spool.ts).
    digest: a.digest,
    download_count: a.download_count,
    created_at: isoSeconds(a.created_at),
    updated_at: isoSeconds(a.updated_at),
    uploader:
      a.uploader_id === null
        ? null
        : simpleUser(
            { id: a.uploader_id, login: a.uploader_login!, kind: a.uploader_kind!, site_admin: a.uploader_site_admin! },
            urls,
          ),
  };
}
