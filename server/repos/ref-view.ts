// GitHub's git-ref body.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from './repository-row.js';

/** A ref's node id: refs have no database row, so it is the repository id and the full ref name, opaque. */
export function refNodeId(repositoryId: number, ref: string): string {
  return `REF_${Buffer.from(`${repositoryId}:${ref}`).toString('base64url')}`;
}

export function gitRefView(repo: RepositoryRow, ref: string, sha: string, objectType: string, urls: Urls) {
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/git`);
  const kind =
    objectType === 'tag' ? 'tags' : objectType === 'tree' ? 'trees' : objectType === 'blob' ? 'blobs' : 'commits';
  return {
    ref,
    node_id: refNodeId(repo.id, ref),
    url: `${api}/${ref.split('/').map(encodeURIComponent).join('/')}`,
    object: { type: objectType, sha, url: `${api}/${kind}/${sha}` },
  };
}
