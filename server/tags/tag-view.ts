// GitHub's `tag` body of the tag list. Its node_id is the tag ref's, as on
// GitHub (whose legacy form is `03:Ref<repository id>:refs/tags/<name>`).
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { refNodeId } from '../repos/ref-view.js';
import type { TagEntry } from './tag-list.js';

export function tagView(repo: RepositoryRow, tag: TagEntry, urls: Urls) {
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}`);
  const ref = `refs/tags/${tag.name}`;
  const archive = ref.split('/').map(encodeURIComponent).join('/');
  return {
    name: tag.name,
    commit: { sha: tag.sha, url: `${api}/commits/${tag.sha}` },
    zipball_url: `${api}/zipball/${archive}`,
    tarball_url: `${api}/tarball/${archive}`,
    node_id: refNodeId(repo.id, ref),
  };
}
