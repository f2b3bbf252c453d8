// GitHub's git-ref body.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from './repository-row.js';

export function gitRefView(repo: RepositoryRow, ref: string, sha: string, objectType: string, urls: Urls) {
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/git`);
  const kind =
    objectType === 'tag' ? 'tags' : objectType === 'tree' ? 'trees' : objectType === 'blob' ? 'blobs' : 'commits';
  return {
    ref,
    // Refs have no database row; GitHub's node_id for them is opaque too.
    node_id: `REF_${Buffer.from(`${repo.id}:${ref}`).toString('base64url')}`,
    url: `${api}/${ref.split('/').map(encodeURIComponent).join('/')}`,
    object: { type: objectType, sha, url: `${api}/${kind}/${sha}` },
  };
}
